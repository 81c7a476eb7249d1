# print(file=obj) calls obj.write once per argument, per separator and for `end` (also an empty
# one), with str() of non-strings; sep=None/end=None are the defaults.
class Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return len(s)


s = Sink()
print("a", 1, [2], file=s)
print(file=s)
print("x", "y", sep="--", end="", file=s)
print("z", sep=None, end=None, file=s)
print(s.parts)
