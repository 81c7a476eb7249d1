# Error case: SyntaxError for an incomplete expression at end of line.
def f(a, b):
    return a + b
result = f(1, 2) +
print(result)
