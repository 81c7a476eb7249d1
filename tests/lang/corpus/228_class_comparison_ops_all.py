# Checks: all six rich comparisons defined on a class, with reflected fallbacks.
class N:
    def __init__(self, v): self.v = v
    def __eq__(self, o): return self.v == o.v
    def __lt__(self, o): return self.v < o.v
    def __le__(self, o): return self.v <= o.v
    def __gt__(self, o): return self.v > o.v
    def __ge__(self, o): return self.v >= o.v
    def __repr__(self): return f"N({self.v})"
a, b = N(1), N(2)
print(a < b, a <= b, a > b, a >= b, a == b, a != b)
print(sorted([N(3), N(1), N(2)]))
print(N(2) == N(2), N(2) != N(2))
