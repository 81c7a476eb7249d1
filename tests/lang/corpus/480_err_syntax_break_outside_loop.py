# Error case: SyntaxError 'break' outside loop.
def f(n):
    if n > 2:
        break
    return n
print(f(1))
