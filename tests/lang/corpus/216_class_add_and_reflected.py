# Checks: __add__, __radd__, __mul__, __rmul__ and NotImplemented.
class Money:
    def __init__(self, cents):
        self.cents = cents
    def __add__(self, other):
        if isinstance(other, Money):
            return Money(self.cents + other.cents)
        if isinstance(other, int):
            return Money(self.cents + other)
        return NotImplemented
    def __radd__(self, other):
        return self.__add__(other)
    def __mul__(self, k):
        return Money(self.cents * k)
    __rmul__ = __mul__
    def __repr__(self):
        return f"${self.cents / 100:.2f}"
a, b = Money(150), Money(275)
print(a + b, a + 5, 5 + a)
print(sum([a, b, Money(1)]))
print(a * 3, 3 * a)
