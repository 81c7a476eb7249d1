# Checks: str() of builtins, types and functions-free values.
print(str(int), str(float), str(str), str(list))
print(str(type(None)), str(type(len)))
print(str(len), str(print))
print(str(range(3)), str(range(1, 10, 2)))
print(str(slice(1, 5)), str(slice(None, None, -1)))
print(str(Ellipsis), ...)
print(str(NotImplemented))
