# Error case: SyntaxError cannot assign to literal.
a = 1
print(a)
b = a + 1
1 = a
