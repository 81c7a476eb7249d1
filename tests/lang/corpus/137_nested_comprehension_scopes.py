# Checks: comprehensions see enclosing function variables, not leak their own.
def table(n):
    scale = 10
    return [[scale * r + c for c in range(n)] for r in range(n)]
print(table(3))
i = 100
squares = [i * i for i in range(4)]
print(squares, i)
pairs = {(a, b) for a in range(3) for b in range(3) if a < b}
print(sorted(pairs))
print([[y for y in range(x)] for x in range(4)])
