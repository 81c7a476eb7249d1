# Checks: __name__/__class__ attributes on builtin values.
print((1).__class__, "x".__class__.__name__, [].__class__.__name__)
print(int.__name__, type(None).__name__, type(print).__name__)
print(object, type(object()).__name__)
class A:
    pass
print(A().__class__.__name__, A.__class__.__name__)
