# Error case: KeyError with a tuple key.
grid = {(0, 0): "start"}
print(grid[0, 0])
print(len(grid))
print(grid[1, 2])
