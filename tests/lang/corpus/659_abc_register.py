# abc virtual subclasses: register() (also as a decorator), isinstance/issubclass through them and
# through subclasses of an ABC, __subclasshook__ deciding or deferring, errors.
from abc import ABC, ABCMeta, abstractmethod
class Drawable(ABC):
    @abstractmethod
    def draw(self):
        ...
class Circle:
    def draw(self):
        return "circle"
Drawable.register(Circle)
@Drawable.register
class Line:
    pass
print(isinstance(Circle(), Drawable), issubclass(Line, Drawable), issubclass(int, Drawable), Line.__name__)
class SubDrawable(Drawable):
    pass
class Dot:
    pass
SubDrawable.register(Dot)
print(issubclass(Dot, SubDrawable), issubclass(Dot, Drawable), isinstance(Dot(), Drawable))
print(Drawable.register(Circle) is Circle)
class Sized(ABC):
    @classmethod
    def __subclasshook__(cls, C):
        if cls is Sized:
            return any("__len__" in B.__dict__ for B in C.__mro__)
        return NotImplemented
class Bag:
    def __len__(self):
        return 0
print(issubclass(Bag, Sized), isinstance(Bag(), Sized), issubclass(list, Sized), issubclass(int, Sized))
class NotSized(Sized):
    pass
print(issubclass(Bag, NotSized))
try:
    Drawable.register(3)
except TypeError as e:
    print("TypeError", e)
try:
    issubclass(3, Drawable)
except TypeError as e:
    print("TypeError", e)
print(isinstance(3, (str, Drawable)), isinstance(Circle(), (str, Drawable)))
