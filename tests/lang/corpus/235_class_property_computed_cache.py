# Checks: properties computing derived values lazily with a cache.
class Circle:
    def __init__(self, r):
        self._r = r
        self._area = None
        self.computations = 0
    @property
    def area(self):
        if self._area is None:
            self.computations += 1
            self._area = 3.14159 * self._r ** 2
        return self._area
c = Circle(2)
print(c.area, c.area, c.computations)
print(type(Circle.area).__name__)
