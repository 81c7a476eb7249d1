# Checks: __getitem__ with tuple keys, like tensor indexing.
class Grid:
    def __init__(self, rows, cols):
        self.cells = [[r * cols + c for c in range(cols)] for r in range(rows)]
    def __getitem__(self, idx):
        r, c = idx
        return self.cells[r][c]
    def __setitem__(self, idx, value):
        r, c = idx
        self.cells[r][c] = value
g = Grid(3, 4)
print(g[0, 0], g[2, 3], g[1, -1])
g[1, 1] = "X"
print(g.cells)
