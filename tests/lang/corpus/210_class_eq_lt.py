# Checks: __eq__ and __lt__ enable == and sorting.
class Version:
    def __init__(self, s):
        self.parts = tuple(int(p) for p in s.split("."))
    def __eq__(self, other):
        return isinstance(other, Version) and self.parts == other.parts
    def __lt__(self, other):
        return self.parts < other.parts
    def __repr__(self):
        return "v" + ".".join(map(str, self.parts))
vs = [Version("1.10"), Version("1.2"), Version("0.9.9"), Version("1.2.0")]
print(sorted(vs))
print(Version("1.2") == Version("1.2"), Version("1.2") != Version("1.3"))
print(Version("1.0") == "1.0")
print(max(vs), min(vs))
print(Version("2.0") > Version("1.9"))
