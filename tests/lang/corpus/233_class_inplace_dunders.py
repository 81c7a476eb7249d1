# Checks: __iadd__ mutates in place; without it += rebinds.
class Bucket:
    def __init__(self):
        self.items = []
    def __iadd__(self, item):
        self.items.append(item)
        return self
b = Bucket()
alias = b
b += "x"
b += "y"
print(b.items, alias is b)
class Num:
    def __init__(self, v): self.v = v
    def __add__(self, o): return Num(self.v + o)
n = Num(1)
old = n
n += 5
print(n.v, old.v, n is old)
