# Checks: objects with __eq__ and __hash__ as dict keys and in sets.
class Key:
    def __init__(self, a, b):
        self.a, self.b = a, b
    def __eq__(self, o):
        return (self.a, self.b) == (o.a, o.b)
    def __hash__(self):
        return hash((self.a, self.b))
    def __repr__(self):
        return f"Key({self.a}, {self.b})"
d = {Key(1, 2): "x"}
print(d[Key(1, 2)])
s = {Key(1, 2), Key(1, 2), Key(3, 4)}
print(len(s))
print(Key(3, 4) in s)
