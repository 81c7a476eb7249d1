# Checks: __getattr__ fallback for missing attributes.
class Namespace:
    def __init__(self, **kw):
        self.__dict__.update(kw)
    def __getattr__(self, name):
        if name.startswith("get_"):
            key = name[4:]
            return lambda: self.__dict__.get(key, "n/a")
        raise AttributeError(f"no attribute {name!r}")
ns = Namespace(a=1, b=2)
print(ns.a, ns.get_b(), ns.get_zzz())
try:
    ns.other
except AttributeError as e:
    print("AttributeError:", e)
print(hasattr(ns, "other"), hasattr(ns, "get_a"))
