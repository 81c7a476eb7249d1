# Checks: __str__ falls back to __repr__; subclasses inherit both.
class Base:
    def __repr__(self):
        return f"<{type(self).__name__}>"
class Derived(Base):
    pass
class Pretty(Base):
    def __str__(self):
        return "pretty!"
print(Base(), Derived(), Pretty())
print(repr(Pretty()), str(Derived()))
print([Pretty()], f"{Pretty()}")
