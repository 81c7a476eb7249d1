# Error case: SyntaxError invalid syntax.
x = 1
y = 2
z = = x + y
print(z)
