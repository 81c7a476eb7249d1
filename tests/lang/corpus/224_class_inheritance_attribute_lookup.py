# Checks: attribute lookup through the inheritance chain and overriding class attrs.
class Base:
    kind = "base"
    def info(self):
        return f"{type(self).__name__}:{self.kind}"
class Mid(Base):
    kind = "mid"
class Leaf(Mid):
    pass
print(Base().info(), Mid().info(), Leaf().info())
leaf = Leaf()
leaf.kind = "instance"
print(leaf.info(), Leaf.kind)
print(Leaf.__bases__[0].__name__, Mid.__bases__[0].__name__)
