# Checks: __getitem__ receives slice objects for slicing syntax.
class Seq:
    def __init__(self, data):
        self.data = list(data)
    def __getitem__(self, key):
        if isinstance(key, slice):
            print("slice", key.start, key.stop, key.step)
            return Seq(self.data[key])
        return self.data[key]
    def __repr__(self):
        return f"Seq({self.data})"
s = Seq(range(10))
print(s[2], s[-1])
print(s[1:7:2])
print(s[::-1][0])
print(s[:3])
