# Checks: __repr__ and __str__ and where each is used.
class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)
    def __repr__(self):
        return f"Vec({', '.join(map(repr, self.xs))})"
    def __str__(self):
        return "<" + " ".join(str(x) for x in self.xs) + ">"
v = Vec(1, 2.5, "a")
print(v)
print(repr(v))
print([v], (v,), {"k": v})
print(f"{v} {v!r}")
print(str(v), format(v))
class OnlyRepr:
    def __repr__(self):
        return "OnlyRepr()"
print(OnlyRepr(), str(OnlyRepr()))
