# Checks: cooperative super().__init__ through a diamond.
class Base:
    def __init__(self, **kw):
        print("Base init", sorted(kw))
class Left(Base):
    def __init__(self, left=0, **kw):
        print("Left init", left)
        super().__init__(**kw)
class Right(Base):
    def __init__(self, right=0, **kw):
        print("Right init", right)
        super().__init__(**kw)
class Child(Left, Right):
    def __init__(self, **kw):
        print("Child init")
        super().__init__(**kw)
Child(left=1, right=2)
