# Checks: class definition, __init__, methods, instance attributes.
class Point:
    def __init__(self, x, y):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x ** 2 + self.y ** 2
    def moved(self, dx, dy):
        return Point(self.x + dx, self.y + dy)
p = Point(3, 4)
print(p.x, p.y, p.norm2())
q = p.moved(1, -1)
print(q.x, q.y)
p.z = 10
print(p.z, hasattr(q, "z"))
print(type(p).__name__, isinstance(p, Point))
