# Operations on a class dispatch to its metaclass's dunders: iteration, len, item access (before
# __class_getitem__), in, call, repr/str, bool, reversed, attribute set/delete, properties,
# __getattr__, __instancecheck__ / __subclasscheck__.
class Seq(type):
    def __iter__(cls):
        return iter(cls._items)
    def __len__(cls):
        return len(cls._items)
    def __getitem__(cls, i):
        return cls._items[i]
    def __contains__(cls, x):
        return x in cls._items
    def __reversed__(cls):
        return reversed(cls._items)
    def __repr__(cls):
        return "<Seq " + cls.__name__ + ">"
    def __str__(cls):
        return "Seq:" + cls.__name__
    def __bool__(cls):
        return bool(cls._items)
    def __call__(cls, *args, **kw):
        print("calling", cls.__name__, args, kw)
        inst = super().__call__(*args, **kw)
        inst.extra = True
        return inst
    def __setattr__(cls, name, value):
        print("set", name)
        super().__setattr__(name, value)
    def __delattr__(cls, name):
        print("del", name)
        super().__delattr__(name)
    def __getattr__(cls, name):
        return "meta-getattr:" + name
    @property
    def size(cls):
        return len(cls._items)
class Letters(metaclass=Seq):
    _items = ["a", "b", "c"]
    def __init__(self, x=0):
        self.x = x
    def __class_getitem__(cls, item):
        return "never"
class Empty(metaclass=Seq):
    _items = []
print(list(Letters), len(Letters), Letters[1], "b" in Letters, "z" in Letters, list(reversed(Letters)))
print(repr(Letters), str(Letters), f"{Letters}", bool(Letters), bool(Empty), Letters.size, Letters.missing)
obj = Letters(5)
print(obj.x, obj.extra, type(obj).__name__)
Letters.color = "red"
print(Letters.color)
del Letters.color
print(Letters.color)
print([c for c in Letters], sorted(Letters, reverse=True), dict(enumerate(Letters)))
class Checker(type):
    def __instancecheck__(cls, obj):
        return isinstance(obj, int) and obj > 10
    def __subclasscheck__(cls, sub):
        return sub is bool
class Big(metaclass=Checker):
    pass
print(isinstance(42, Big), isinstance(3, Big), isinstance("x", (str, Big)), issubclass(bool, Big), issubclass(int, Big))
print(isinstance(Big(), Big))
