# typing.Generic: user generic classes, their parameters and aliases, the arity error.
import typing
from typing import (Any, Optional, Union, List, Dict, Tuple, Set, FrozenSet, Callable, Iterable, Iterator, Sequence,
                    Mapping, MutableMapping, Type, TypeVar, Generic, Protocol, Literal, ClassVar, Final, Annotated,
                    NamedTuple, TypedDict, cast, overload, final, no_type_check, get_type_hints, get_origin, get_args,
                    TYPE_CHECKING, NoReturn, Self, runtime_checkable)
T = TypeVar("T")
K = TypeVar("K")
class Box(Generic[T]):
    def __init__(self, item: T):
        self.item = item
    def get(self) -> T:
        return self.item
print(Box[int], Box.__parameters__, Box(3).get(), Box[int](4).item)
class Pair(Generic[K, T]):
    pass
print(Pair[str, int], Pair.__parameters__)
try:
    Box[int, str]
except TypeError as e:
    print("TypeError", e)
S = TypeVar("S", int, str)
B = TypeVar("B", bound=float)
print(S.__constraints__, B.__bound__, S.__name__, repr(TypeVar("X", contravariant=True)))
class Repo(Generic[T]):
    items: List[T]
class IntRepo(Repo[int]):
    pass
print(IntRepo.__orig_bases__, IntRepo.__parameters__, Repo.__orig_bases__, IntRepo.__mro__[1].__name__)
Alias = Dict[str, T]
print(Alias[int], Alias.__parameters__, List[T][str])
try:
    Generic[int]
except TypeError as e:
    print("TypeError", e)
try:
    Optional[int, str]
except TypeError as e:
    print("TypeError", e)
try:
    Union[()]
except TypeError as e:
    print("TypeError", e)
try:
    class Bad(Generic[T], Generic[K]):
        pass
except TypeError as e:
    print("TypeError", type(e).__name__)
