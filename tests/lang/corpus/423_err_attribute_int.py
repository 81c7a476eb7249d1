# Error case: AttributeError 'int' object has no attribute 'foo'.
n = 5
print(n.real)
print(n.bit_length())
n.foo
