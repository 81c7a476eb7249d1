# Class patterns real programs use: a singleton metaclass __call__, data descriptors with
# __set_name__/__get__/__set__ over the instance dict, metaclass properties and __len__,
# __prepare__ seeding the namespace, __init_subclass__ chains, enums with methods, IntFlag.
class Singleton(type):
    _inst = {}
    def __call__(cls, *a, **k):
        if cls not in cls._inst:
            cls._inst[cls] = super().__call__(*a, **k)
        return cls._inst[cls]
class Db(metaclass=Singleton):
    def __init__(self, url="x"):
        self.url = url
print(Db("a") is Db("b"), Db().url)
class Desc:
    def __set_name__(self, owner, name):
        self.name = name
    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return obj.__dict__.get(self.name, 0) * 2
    def __set__(self, obj, value):
        obj.__dict__[self.name] = value
class H:
    d = Desc()
h = H()
h.d = 5
print(h.d, type(H.d).__name__, H.d.name)
class Meta(type):
    @property
    def count(cls):
        return len(cls.__dict__)
    def __len__(cls):
        return 7
class W(metaclass=Meta):
    a = 1
print(W.count > 0, len(W), type(W).__name__, W.__class__.__name__)
class Ord(type):
    @classmethod
    def __prepare__(mcls, name, bases):
        d = {}
        d["order_marker"] = True
        return d
    def __new__(mcls, name, bases, ns):
        ns["fields"] = [k for k in ns if not k.startswith("_")]
        return super().__new__(mcls, name, bases, ns)
class Rec(metaclass=Ord):
    z = 1
    a = 2
print(Rec.fields)
class A:
    def __init_subclass__(cls, /, prefix="", **kw):
        cls.tag = prefix + cls.__name__
class B(A, prefix="pre_"):
    pass
class C(B):
    pass
print(B.tag, C.tag)
class WithSlots:
    __slots__ = ("x", "y")
    def __init__(self):
        self.x = 1
print(WithSlots().x, WithSlots.__slots__)
import enum
class E(enum.Enum):
    A = 1
    B = 2
    def __str__(self):
        return self.name.lower()
    def describe(self):
        return f"{self.name}={self.value}"
print(str(E.A), f"{E.B}", E.A.describe(), [e.describe() for e in E], E.A in {E.A: 1})
class Perm(enum.IntFlag):
    R = 4
    W = 2
    X = 1
rw = Perm.R | Perm.W
print(list(rw), Perm.R in rw, int(rw), rw & Perm.W, bool(rw & Perm.X), len(rw))
import json
print(json.dumps({"m": E.A.value}), E["B"].value, E(2).name)
class Cnt(enum.Enum):
    ONE = enum.auto()
    TWO = enum.auto()
print(Cnt.TWO.value, Cnt.ONE < Cnt.TWO if False else "skip")
print(type(E).__name__, isinstance(E.A, E), issubclass(E, enum.Enum))
def f(*, key):
    return key
print(f.__kwdefaults__, f.__code__.co_kwonlyargcount)
class P:
    @classmethod
    def make(cls):
        return cls()
    def __class_getitem__(cls, item):
        return f"P[{item}]"
class Q(P):
    pass
print(type(Q.make()).__name__, Q[int] if False else Q["x"])
print(type.__name__, type(type).__name__, isinstance(type, type), type.__mro__)
X = type("X", (), {"v": 1, "m": lambda self: self.v + 1})
print(X().m(), X.__name__, X.__module__)
