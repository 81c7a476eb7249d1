# Checks: class attributes shared, instance attributes shadow them.
class Counter:
    count = 0
    shared = []
    def __init__(self, name):
        self.name = name
        Counter.count += 1
        self.shared.append(name)
a = Counter("a")
b = Counter("b")
print(Counter.count, a.count, b.count)
a.count = 100
print(Counter.count, a.count, b.count)
print(Counter.shared, a.shared is b.shared)
del a.count
print(a.count)
print(sorted(vars(a)))
