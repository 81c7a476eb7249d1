# Error case: object of type 'int' has no len().
def size(x):
    return len(x)
print(size("abc"))
print(size(42))
