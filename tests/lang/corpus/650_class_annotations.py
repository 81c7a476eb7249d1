# Annotations: module and class bodies record simple names in __annotations__ in definition order
# (evaluated after the assignment; strings stay strings), complex targets are evaluated but not
# recorded, function bodies never evaluate them; a class without annotations has its own empty dict.
import sys
log = []
def ann(x):
    log.append(x)
    return x
count: ann("int") = ann(0)
name: str
print(__annotations__, log)
class P:
    """A point."""
    x: int
    y: "float" = 2.0
    z: list[int] = []
    if True:
        w: bytes
    class Inner:
        q: int = 1
obj = P()
obj.attr: ann("complex target") = 5
print(P.__annotations__, P.__doc__, P.y, P.Inner.__annotations__)
print(obj.attr, log)
class Q(P):
    pass
print(Q.__annotations__, "__annotations__" in Q.__dict__)
def f():
    local: ann("never") = 1
    return local
print(f(), log)
try:
    print(P.x)
except AttributeError as e:
    print("AttributeError", e)
class Empty:
    pass
print(Empty.__annotations__, Empty.__doc__)
