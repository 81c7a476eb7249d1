# Two unrelated metaclasses among the bases: the metaclass conflict TypeError, uncaught.
class MetaA(type):
    pass
class MetaB(type):
    pass
class A(metaclass=MetaA):
    pass
class B(metaclass=MetaB):
    pass
print(type(A).__name__, type(B).__name__)
class C(A, B):
    pass
