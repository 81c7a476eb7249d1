# Error case: bare AssertionError (no message) shows only the type.
x = 3
assert x == 3
print("first assert passed")
assert x > 10
