# Checks: isinstance/issubclass with tuples and builtin types.
class Shape: pass
class Circle(Shape): pass
class Square(Shape): pass
shapes = [Circle(), Square(), Shape()]
print([isinstance(s, Circle) for s in shapes])
print([isinstance(s, (Circle, Square)) for s in shapes])
print(issubclass(Circle, Shape), issubclass(Shape, Circle), issubclass(Circle, (int, Shape)))
print(isinstance(True, int), isinstance(1, bool), isinstance(1, (float, int)))
print(issubclass(bool, int), issubclass(int, object), isinstance(None, object))
print(isinstance("s", str), isinstance([], (tuple, list)), isinstance({}, dict))
print(type(Circle()) is Circle, type(Circle()) == Shape)
