# Checks: __bool__ and __len__ drive truthiness.
class Flag:
    def __init__(self, on):
        self.on = on
    def __bool__(self):
        return self.on
class Bag:
    def __init__(self, items):
        self.items = items
    def __len__(self):
        return len(self.items)
class Plain:
    pass
print(bool(Flag(True)), bool(Flag(False)))
print(bool(Bag([])), bool(Bag([1])), bool(Plain()))
if not Flag(False):
    print("flag off")
print([x for x in [Flag(True), Flag(False), Bag([2])] if x].__len__())
print(Flag(False) or "fallback")
