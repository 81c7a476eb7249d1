# Checks: str/repr/args of builtin exceptions.
for e in [ValueError("bad"), KeyError("key"), KeyError(3), IndexError(), TypeError("a", "b"),
          ZeroDivisionError("division by zero"), Exception(), RuntimeError("x", 2)]:
    print(repr(e), "|", str(e), "|", e.args)
e = KeyError("quoted 'key'")
print(str(e), repr(e))
print(str(ValueError(42)), str(ValueError(None)), repr(ValueError([1])))
