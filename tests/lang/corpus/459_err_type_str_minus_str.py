# Error case: unsupported operand type(s) for -: 'str' and 'str'.
a = "10"
b = "3"
print(a + b)
print(a - b)
