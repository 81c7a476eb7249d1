# Error case: SyntaxError '(' was never closed.
values = [1, 2, 3]
total = sum(values
print(total)
avg = total / 3
