# Error case: deep call chain; traceback lists each frame.
def level_c(x):
    return 10 // x
def level_b(x):
    return level_c(x - 1) + 1
def level_a(x):
    return level_b(x) * 2
print(level_a(3))
print(level_a(1))
