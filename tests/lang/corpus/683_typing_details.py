# typing details: the NamedTuple field-order TypeError, docstrings and _field_defaults, a
# runtime_checkable Protocol with a data member (isinstance works, issubclass refuses), explicit
# protocol subclasses, Required/NotRequired keys, Annotated/Final/ClassVar hints, generic instances.
from typing import NamedTuple, TypedDict, Protocol, runtime_checkable, Annotated, get_type_hints, Generic, TypeVar, Optional, Any, Literal, get_args, get_origin, Final, ClassVar, Required, NotRequired
try:
    class Bad(NamedTuple):
        x: int = 1
        y: int
except TypeError as e:
    print("TypeError", e)
class Pt(NamedTuple):
    """A point."""
    x: int
    y: int = 5
print(Pt(1), Pt.__doc__, Pt._field_defaults, Pt(1)._asdict())
@runtime_checkable
class HasName(Protocol):
    name: str
    def greet(self) -> str: ...
class Person:
    name = "p"
    def greet(self):
        return "hi"
class Nameless:
    def greet(self):
        return "?"
print(isinstance(Person(), HasName), isinstance(Nameless(), HasName))
try:
    issubclass(Person, HasName)
except TypeError as e:
    print("TypeError", e)
try:
    HasName()
except TypeError as e:
    print("TypeError", e)
class Impl(HasName):
    def __init__(self):
        self.name = "impl"
    def greet(self):
        return "impl"
print(Impl().greet(), isinstance(Impl(), HasName))
class Movie(TypedDict, total=False):
    title: Required[str]
    year: NotRequired[int]
    rating: float
print(sorted(Movie.__required_keys__), sorted(Movie.__optional_keys__))
try:
    isinstance({}, Movie)
except TypeError as e:
    print("TypeError", e)
class C:
    x: Annotated[int, "meta"]
    y: Final[int] = 3
    z: ClassVar[str] = "s"
print(get_type_hints(C), get_type_hints(C, include_extras=True))
print(get_args(Literal["a", "b"]), get_origin(Literal["a"]), Literal["a", "a", "b"], Optional[Any])
T = TypeVar("T")
class Stack(Generic[T]):
    def __init__(self) -> None:
        self.items: list[T] = []
    def push(self, item: T) -> None:
        self.items.append(item)
s = Stack[int]()
s.push(3)
print(s.items, type(s).__name__, s.__orig_class__)
