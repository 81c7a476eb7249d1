# Metaclasses: metaclass=M runs M.__prepare__, M.__new__ (super().__new__ / type.__new__ makes a
# class whose type is M) and M.__init__ with the class keywords; subclasses inherit the
# metaclass; type(name, bases, ns) picks it from the bases; attributes fall back to the metaclass.
class Meta(type):
    @classmethod
    def __prepare__(mcls, name, bases, **kw):
        print("prepare", name, [b.__name__ for b in bases], kw)
        return {"injected": 1}
    def __new__(mcls, name, bases, ns, **kw):
        print("new", mcls.__name__, name, sorted(k for k in ns if not k.startswith("__")), kw)
        cls = super().__new__(mcls, name, bases, ns)
        cls.created_by = mcls.__name__
        return cls
    def __init__(cls, name, bases, ns, **kw):
        print("init", name, kw)
        super().__init__(name, bases, ns)
    def describe(cls):
        return "class " + cls.__name__
    registry_size = 0
class A(metaclass=Meta, flavour="x"):
    a = 1
    def method(self):
        return "method of " + type(self).__name__
class B(A):
    b = 2
print(type(A) is Meta, type(B) is Meta, isinstance(A, Meta), isinstance(A, type), issubclass(Meta, type))
print(A.injected, B.created_by, A.describe(), B.describe(), A.registry_size, A().method(), B().method())
print(A.__class__.__name__, type(A()).__name__, Meta.__mro__)
try:
    A().describe()
except AttributeError as e:
    print("AttributeError", e)
C = type("C", (A,), {"c": 3})
print(type(C).__name__, C.c, C.a, C.__name__, C.__bases__ == (A,))
D = Meta("D", (), {"d": 4})
print(type(D).__name__, D.d, D.created_by)
class Counting(type):
    count = 0
    def __new__(mcls, name, bases, ns):
        Counting.count += 1
        return type.__new__(mcls, name, bases, ns)
class X(metaclass=Counting):
    pass
class Y(X):
    pass
print(Counting.count, type(Y).__name__)
class Other(type):
    pass
try:
    class Z(X, metaclass=Other):
        pass
except TypeError as e:
    print("TypeError", e)
class P(metaclass=Other):
    pass
try:
    class Q(X, P):
        pass
except TypeError as e:
    print("TypeError", e)
class SubCounting(Counting):
    pass
class W(X, metaclass=SubCounting):
    pass
print(type(W).__name__, Counting.count)
def func_meta(name, bases, ns):
    return "made " + name + " with " + str(sorted(k for k in ns if not k.startswith("__")))
class F(metaclass=func_meta):
    v = 1
print(F)
try:
    type.__new__(int, "x", (), {})
except TypeError as e:
    print("TypeError", e)
try:
    type("x", [], {})
except TypeError as e:
    print("TypeError", e)
