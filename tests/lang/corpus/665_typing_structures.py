# typing.NamedTuple (class and functional), TypedDict (total, keys), runtime_checkable Protocol,
# overload, get_type_hints resolving strings, final.
import typing
from typing import (Any, Optional, Union, List, Dict, Tuple, Set, FrozenSet, Callable, Iterable, Iterator, Sequence,
                    Mapping, MutableMapping, Type, TypeVar, Generic, Protocol, Literal, ClassVar, Final, Annotated,
                    NamedTuple, TypedDict, cast, overload, final, no_type_check, get_type_hints, get_origin, get_args,
                    TYPE_CHECKING, NoReturn, Self, runtime_checkable)
T = TypeVar("T")
class Point(NamedTuple):
    x: int
    y: int = 0
    def norm(self):
        return self.x ** 2 + self.y ** 2
p = Point(3, 4)
print(p, p.norm(), Point(1), Point._fields, Point.__annotations__, p._replace(x=5), isinstance(p, tuple))
Emp = NamedTuple("Emp", [("name", str), ("id", int)])
print(Emp("a", 1), Emp._fields)
class Movie(TypedDict):
    title: str
    year: int
m = Movie(title="x", year=1)
print(m, type(m).__name__, Movie.__annotations__, sorted(Movie.__required_keys__), Movie.__total__)
class Opt(TypedDict, total=False):
    a: int
print(sorted(Opt.__optional_keys__))
@runtime_checkable
class Closable(Protocol):
    def close(self) -> None: ...
class F:
    def close(self): pass
print(isinstance(F(), Closable), isinstance(1, Closable))
class NotRT(Protocol):
    def x(self): ...
try:
    isinstance(F(), NotRT)
except TypeError as e:
    print("TypeError", e)
@overload
def f(x: int) -> int: ...
@overload
def f(x: str) -> str: ...
def f(x):
    return x
print(f(2))
class C:
    a: int
    b: "str"
    c: ClassVar[int] = 3
    def m(self, x: "int", y: Optional["C"] = None) -> "List[int]":
        return []
print(get_type_hints(C), get_type_hints(C.m))
@final
def g(): pass
print(g.__final__)

