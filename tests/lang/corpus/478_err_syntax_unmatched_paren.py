# Error case: SyntaxError unmatched ')'.
a = 1
print(a)
b = (a + 2))
print(b)
