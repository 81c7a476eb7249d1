# typing special forms and aliases: reprs as CPython 3.11 prints them, get_origin/get_args,
# Union flattening and Optional, isinstance with bare and subscripted aliases, cast.
import typing
from typing import (Any, Optional, Union, List, Dict, Tuple, Set, FrozenSet, Callable, Iterable, Iterator, Sequence,
                    Mapping, MutableMapping, Type, TypeVar, Generic, Protocol, Literal, ClassVar, Final, Annotated,
                    NamedTuple, TypedDict, cast, overload, final, no_type_check, get_type_hints, get_origin, get_args,
                    TYPE_CHECKING, NoReturn, Self, runtime_checkable)
T = TypeVar("T")
K = TypeVar("K")
V_co = TypeVar("V_co", covariant=True)
print(Any, Optional[int], Union[int, str], Union[int, None, str], List[int], Dict[str, List[int]], Tuple[int, ...], Tuple[()])
print(Set[int], FrozenSet[str], Callable[[int, str], bool], Callable[..., int], Iterable[T], Type[int], Literal[1, "a"])
print(ClassVar[int], Final[str], Annotated[int, "meta"], T, V_co, NoReturn, Self, List, Callable, Optional[List[int]])
print(get_origin(List[int]), get_origin(Dict), get_args(Dict[str, int]), get_args(Callable[[int], str]), get_origin(Union[int, str]))
print(get_args(Optional[int]), get_origin(Annotated[int, "x"]), get_args(Annotated[int, "x", 2]), get_origin(int), get_args(int))
print(Union[int, str] == Union[str, int], Union[int] is int, Union[int, Union[str, float]], Optional[int] == Union[int, None])
print(isinstance([], List), isinstance(1, Union[int, str]), TYPE_CHECKING, cast(int, "x"))
try:
    isinstance([], List[int])
except TypeError as e:
    print("TypeError", e)
try:
    List[int]()
except TypeError as e:
    print("TypeError", e)
