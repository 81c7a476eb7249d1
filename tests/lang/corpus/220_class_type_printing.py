# Checks: type() and class objects print like CPython.
class Model:
    pass
m = Model()
print(type(m))
print(Model)
print(type(Model))
print(type(1), type(1.0), type("s"), type([]), type(()), type({}), type(set()))
print(type(None), type(len), type(print))
print(type(m).__name__, Model.__name__, int.__name__)
print(str(type(m)).startswith("<class '__main__."))
print(type(range(1)), type(b""), type(True))
