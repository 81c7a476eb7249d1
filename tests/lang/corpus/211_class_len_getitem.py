# Checks: __len__ and __getitem__ make a sequence usable with len, indexing, for, in.
class Squares:
    def __init__(self, n):
        self.n = n
    def __len__(self):
        return self.n
    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("out of range")
        return i * i
s = Squares(5)
print(len(s), s[0], s[4], s[-1])
print(list(s))
print(9 in s, 10 in s)
print([x for x in s if x % 2])
print(bool(Squares(0)), bool(s))
