# abc: abstract methods block instantiation with CPython 3.11's message (sorted names, singular
# and plural), concrete subclasses work, @property/@classmethod/@staticmethod over
# @abstractmethod, __abstractmethods__, ABCMeta used directly, update_abstractmethods.
import abc
from abc import ABC, ABCMeta, abstractmethod
class Shape(ABC):
    @abstractmethod
    def area(self):
        ...
    @abstractmethod
    def perimeter(self):
        ...
    def describe(self):
        return f"{type(self).__name__} area={self.area()}"
class HalfSquare(Shape):
    def area(self):
        return 1
class Square(HalfSquare):
    def __init__(self, s):
        self.s = s
    def area(self):
        return self.s * self.s
    def perimeter(self):
        return 4 * self.s
for cls in (Shape, HalfSquare):
    try:
        cls()
    except TypeError as e:
        print("TypeError", e)
sq = Square(3)
print(sq.describe(), sq.perimeter(), sorted(Shape.__abstractmethods__), HalfSquare.__abstractmethods__,
      Square.__abstractmethods__, type(Shape.__abstractmethods__).__name__)
print(type(Shape) is ABCMeta, isinstance(sq, Shape), issubclass(Square, Shape), Shape.__module__ if False else "")
class Config(metaclass=ABCMeta):
    @property
    @abstractmethod
    def name(self):
        ...
    @classmethod
    @abstractmethod
    def build(cls):
        ...
    @staticmethod
    @abstractmethod
    def helper():
        ...
print(sorted(Config.__abstractmethods__))
class Real(Config):
    @property
    def name(self):
        return "real"
    @classmethod
    def build(cls):
        return cls()
    @staticmethod
    def helper():
        return 42
r = Real.build()
print(r.name, Real.helper(), isinstance(r, Config))
try:
    Config()
except TypeError as e:
    print("TypeError", e)
print(getattr(Shape.area, "__isabstractmethod__", False), getattr(Square.area, "__isabstractmethod__", False))
class Later(ABC):
    @abstractmethod
    def go(self):
        ...
def go(self):
    return "went"
Later.go = go
abc.update_abstractmethods(Later)
print(Later().go(), Later.__abstractmethods__)
class NoAbstract(ABC):
    pass
print(type(NoAbstract()).__name__, NoAbstract.__abstractmethods__)
