# Checks: builtin functions dispatch to dunder methods (abs, len, bool, repr, str, format).
class Thing:
    def __abs__(self): return "abs called"
    def __len__(self): return 3
    def __repr__(self): return "Thing()"
    def __format__(self, spec): return f"formatted[{spec}]"
t = Thing()
print(abs(t), len(t), bool(t), repr(t), str(t))
print(format(t, "x>5"), f"{t:abc}", f"{t}")
