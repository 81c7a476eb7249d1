# Checks: an iterable whose __iter__ returns a fresh iterator each time.
class Range2:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return Range2Iter(self.n)
class Range2Iter:
    def __init__(self, n):
        self.i, self.n = 0, n
    def __iter__(self):
        return self
    def __next__(self):
        if self.i >= self.n:
            raise StopIteration
        self.i += 1
        return self.i - 1
r = Range2(3)
print(list(r), list(r))
print([(a, b) for a in r for b in r if a < b])
print(sorted(r, reverse=True), max(r))
