# __init_subclass__: an implicit classmethod called on the parent with the class statement's
# keywords (and **mapping), chained with super(); object's refuses keywords.
class Registry:
    plugins = {}
    def __init_subclass__(cls, key=None, **kwargs):
        super().__init_subclass__(**kwargs)
        Registry.plugins[key or cls.__name__] = cls
        cls.key = key
class A(Registry, key="a"):
    pass
opts = {"key": "b"}
class B(Registry, **opts):
    pass
class C(A):
    pass
print(sorted(Registry.plugins), C.key, A.key, type(Registry.__dict__["__init_subclass__"]).__name__)
class Mixin:
    def __init_subclass__(cls, **kw):
        print("Mixin sees", cls.__name__, kw)
        super().__init_subclass__(**kw)
class Two(Mixin):
    def __init_subclass__(cls, level=0, **kw):
        print("Two sees", cls.__name__, level)
        super().__init_subclass__(**kw)
class Three(Two, level=3):
    pass
class Plain:
    pass
for kw in [{"flag": 1}, {}]:
    try:
        Made = type("Made", (Plain,), {}, **kw)
        print("made", Made.__name__)
    except TypeError as e:
        print("TypeError", e)
try:
    class D(Registry, key="d", unknown=1):
        pass
except TypeError as e:
    print("TypeError", e)
try:
    class E(Plain, flag=1):
        pass
except TypeError as e:
    print("TypeError", e)
