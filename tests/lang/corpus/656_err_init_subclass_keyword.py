# A class keyword nobody takes: object.__init_subclass__ raises CPython's TypeError, uncaught.
class Base:
    pass
print("before")
class Child(Base, mode="fast"):
    pass
print("not reached")
