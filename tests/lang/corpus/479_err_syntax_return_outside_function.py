# Error case: SyntaxError 'return' outside function.
x = 10
if x:
    return x
print(x)
