# Checks: a Matrix class with __matmul__, __add__, __eq__ and __repr__.
class Matrix:
    def __init__(self, rows):
        self.rows = [list(r) for r in rows]
    @property
    def shape(self):
        return (len(self.rows), len(self.rows[0]))
    def __matmul__(self, other):
        cols = list(zip(*other.rows))
        return Matrix([[sum(a * b for a, b in zip(r, c)) for c in cols] for r in self.rows])
    def __add__(self, other):
        return Matrix([[a + b for a, b in zip(r1, r2)] for r1, r2 in zip(self.rows, other.rows)])
    def __eq__(self, other):
        return self.rows == other.rows
    def __repr__(self):
        return f"Matrix({self.rows})"
a = Matrix([[1, 2], [3, 4]])
b = Matrix([[0, 1], [1, 0]])
print(a @ b, a + b, a.shape)
print((a @ b) @ b == a)
