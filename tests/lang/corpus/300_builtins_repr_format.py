# Checks: repr() and format() on many value kinds.
for v in [1, 1.5, "s", b"b", None, True, [1, "x"], (1,), {"k": 1.0}, range(2), -0.0, 1e16]:
    print(repr(v))
print(format(1234.5678, ",.2f"), format(0.5, ".0%"), format(42, "x"), format("x", "^5") + "|")
print(format(3), format(3.0), format([1, 2]))
print(repr(repr("q")))
