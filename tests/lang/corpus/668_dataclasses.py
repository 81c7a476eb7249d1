# dataclasses: generated __init__/__repr__/__eq__/order/hash/frozen with CPython 3.11 messages,
# field() options, default_factory, InitVar and __post_init__, ClassVar, inheritance, kw_only and
# KW_ONLY, asdict/astuple/replace/fields/is_dataclass/make_dataclass, recursive repr.
from dataclasses import dataclass, field, fields, asdict, astuple, replace, is_dataclass, FrozenInstanceError, InitVar, KW_ONLY, make_dataclass
from typing import ClassVar, List
import dataclasses, inspect
@dataclass
class Point:
    x: int
    y: int = 0
p = Point(1, 2)
print(p, Point(3), p == Point(1, 2), p != Point(2, 2), Point.__doc__, inspect.signature(Point))
for args, kw in [((), {}), ((1, 2, 3), {}), ((1,), {"x": 2}), ((1,), {"z": 3})]:
    try:
        Point(*args, **kw)
    except TypeError as e:
        print("TypeError", e)
@dataclass(order=True, frozen=True)
class Version:
    major: int
    minor: int = 0
    tags: tuple = ()
v = Version(1, 2)
print(v < Version(1, 3), sorted([Version(2), Version(1, 5)]), hash(v) == hash(Version(1, 2)))
try:
    v.major = 3
except FrozenInstanceError as e:
    print("FrozenInstanceError", e, isinstance(e, AttributeError))
try:
    del v.minor
except FrozenInstanceError as e:
    print("FrozenInstanceError", e)
@dataclass
class Inventory:
    items: List[str] = field(default_factory=list)
    count: int = field(default=0, repr=False, compare=False)
    secret: str = field(default="s", init=False)
    total: ClassVar[int] = 0
a, b = Inventory(), Inventory()
a.items.append("x")
print(a, b, a == Inventory(["x"], 5), [f.name for f in fields(a)], Inventory.total, a.secret)
@dataclass
class WithPost:
    a: int
    scale: InitVar[int] = 2
    b: int = field(init=False)
    def __post_init__(self, scale):
        self.b = self.a * scale
w = WithPost(3)
print(w, WithPost(3, 10).b, [f.name for f in fields(WithPost)], inspect.signature(WithPost))
try:
    @dataclass
    class Bad:
        a: int = 1
        b: int
except TypeError as e:
    print("TypeError", e)
try:
    @dataclass
    class Bad2:
        a: list = []
except ValueError as e:
    print("ValueError", e)
@dataclass
class Base:
    x: int
    y: str = "y"
@dataclass
class Child(Base):
    z: float = 1.0
    x: int = 5
print(Child(), Child(1, "a", 2.0), [f.name for f in fields(Child)])
@dataclass
class Outer:
    p: Point
    pts: list
print(asdict(Outer(Point(1, 2), [Point(3, 4)])), astuple(Outer(Point(1, 2), [])))
print(replace(p, y=9), is_dataclass(p), is_dataclass(Point), is_dataclass(3))
try:
    asdict(3)
except TypeError as e:
    print("TypeError", e)
@dataclass(kw_only=True)
class K:
    a: int
    b: int = 2
print(K(a=1), inspect.signature(K))
try:
    K(1)
except TypeError as e:
    print("TypeError", e)
@dataclass
class M:
    a: int
    _: KW_ONLY
    b: int
    c: int = 3
print(M(1, b=2), inspect.signature(M))
@dataclass(unsafe_hash=True)
class H:
    a: int
print(hash(H(1)) == hash((1,)), H.__hash__ is not None)
@dataclass
class U:
    a: int
print(U.__hash__)
N = make_dataclass("N", [("a", int), ("b", int, field(default=2))])
print(N(1), fields(N)[1].default)
@dataclass
class Node:
    val: int
    nxt: object = None
n = Node(1)
n.nxt = n
print(n)
print(Point.__match_args__, dataclasses.MISSING is not None, repr(dataclasses.InitVar[int]))
