# Checks: `in` falls back to __iter__ when __contains__ is missing.
class Evens:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return iter(range(0, self.n, 2))
e = Evens(10)
print(4 in e, 5 in e)
print(list(e), sorted(e, reverse=True))
print(dict.fromkeys(e, 0))
print(max(e), min(e), sum(e), len(list(e)))
