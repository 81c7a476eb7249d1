# Checks: class-level state maintained through classmethods.
class IdGen:
    _next = 1
    @classmethod
    def new(cls):
        value = cls._next
        cls._next += 1
        return value
    @classmethod
    def reset(cls):
        cls._next = 1
print([IdGen.new() for _ in range(3)])
IdGen.reset()
print(IdGen.new())
class Child(IdGen):
    pass
print(Child.new(), IdGen.new(), Child.new())
