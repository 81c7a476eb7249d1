# list[int] and friends are types.GenericAlias: repr, __origin__/__args__, calling builds the
# origin, equality, isinstance refuses them; a class's own __class_getitem__ is a classmethod.
import types
aliases = [list[int], dict[str, list[int]], tuple[int, ...], set[bytes], frozenset[str], type[int], tuple[()]]
for a in aliases:
    print(repr(a), a.__origin__.__name__, a.__args__)
print(type(list[int]) is types.GenericAlias, list[int] == list[int], list[int] == list[str])
print(list[int]([3, 1]), dict[str, int](a=1), tuple[int, ...]((1, 2)))
try:
    isinstance([], list[int])
except TypeError as e:
    print("TypeError", e)
class Box:
    def __class_getitem__(cls, item):
        return f"{cls.__name__}[{item.__name__ if isinstance(item, type) else item!r}]"
class SubBox(Box):
    pass
print(Box[int], SubBox["x"], type(Box.__dict__["__class_getitem__"]).__name__)
class Point:
    pass
print(list[Point], dict[int, Point])
def fn(xs: list[int]) -> dict[str, int]:
    return {}
print(fn.__annotations__)
