# Checks: mixin classes contributing methods via multiple inheritance.
class JsonMixin:
    def to_dict(self):
        return {k: v for k, v in vars(self).items() if not k.startswith("_")}
class ReprMixin:
    def __repr__(self):
        fields = ", ".join(f"{k}={v!r}" for k, v in self.to_dict().items())
        return f"{type(self).__name__}({fields})"
class Layer(ReprMixin, JsonMixin):
    def __init__(self, name, units):
        self.name = name
        self.units = units
        self._cache = None
l = Layer("dense", 32)
print(l)
print(l.to_dict())
print([c.__name__ for c in Layer.__mro__])
