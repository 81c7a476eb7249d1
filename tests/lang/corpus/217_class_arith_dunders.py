# Checks: __sub__, __neg__, __truediv__, __floordiv__, __mod__, __pow__, __abs__.
class V:
    def __init__(self, x, y):
        self.x, self.y = x, y
    def __sub__(self, o): return V(self.x - o.x, self.y - o.y)
    def __neg__(self): return V(-self.x, -self.y)
    def __truediv__(self, k): return V(self.x / k, self.y / k)
    def __floordiv__(self, k): return V(self.x // k, self.y // k)
    def __mod__(self, k): return V(self.x % k, self.y % k)
    def __pow__(self, k): return V(self.x ** k, self.y ** k)
    def __abs__(self): return (self.x ** 2 + self.y ** 2) ** 0.5
    def __pos__(self): return self
    def __repr__(self): return f"V({self.x}, {self.y})"
a, b = V(7, -3), V(1, 1)
print(a - b, -a, a / 2, a // 2, a % 4, a ** 2, abs(V(3, 4)), +a)
a -= b
print(a)
