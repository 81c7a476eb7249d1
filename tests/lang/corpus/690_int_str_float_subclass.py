# Python subclasses of int, float and str: instances are ints, floats and strs (isinstance, json,
# indexing, formatting, builtin methods), with the methods and attributes their class adds.
import json


class Port(int):
    def describe(self):
        return f"port {int(self)}"


p = Port(8080)
print(p, repr(p), isinstance(p, int), type(p).__name__, p + 1, type(p + 1).__name__, p * 2, -p, p // 7)
print(p == 8080, p < 9000, hash(p) == hash(8080), {8080: "http-alt"}[p], p.describe(), p.bit_length())
print(f"{p:06d}|{p:x}|{p}", "%d" % p, "%s" % p, str(p), format(p, ","), bool(Port(0)), bool(p))
print(json.dumps({"port": p}), [10, 20, 30][Port(1)], list(range(Port(3))), int(p), float(p))
print(Port("ff", 16), Port(3.9), abs(Port(-4)), divmod(p, 1000), round(Port(17), -1), sorted([Port(3), 1, Port(2)]))
p.label = "web"
print(p.label, vars(p))


class Celsius(float):
    def to_f(self):
        return self * 9 / 5 + 32


t = Celsius(21.5)
print(t, repr(t), t.to_f(), isinstance(t, float), t + 0.5, t > 20, f"{t:.2f}", t.is_integer(), int(t))


class Tag(str):
    def shout(self):
        return self.upper() + "!"


s = Tag("relu")
print(s, repr(s), s.shout(), isinstance(s, str), len(s), s[1:], s + "6", "el" in s, s == "relu", s.startswith("re"))
print(f"[{s:>6}]", json.dumps([s]), {"relu": 1}[s], "-".join([s, s]), s.split("l"), list(s), sorted(s), s * 2)
print(type(s.upper()).__name__, hash(s) == hash("relu"), "%s!" % s, str(s), s.replace("e", "E"), max(Tag("a"), "b"))


class Version(str):
    def __new__(cls, major, minor):
        obj = super().__new__(cls, f"{major}.{minor}")
        obj.major = major
        obj.minor = minor
        return obj

    def bump(self):
        return Version(self.major, self.minor + 1)


v = Version(2, 21)
print(v, v.major, v.bump(), v.bump().minor, isinstance(v, Version), v < "3")


class Money(int):
    def __new__(cls, cents, currency="EUR"):
        self = int.__new__(cls, cents)
        self.currency = currency
        return self

    def __repr__(self):
        return f"Money({int(self)}, {self.currency!r})"

    def __add__(self, other):
        return Money(int(self) + int(other), self.currency)


m = Money(250) + 100
print(m, repr(m), type(m).__name__, str(m), [m])
try:
    object.__new__(Port)
except TypeError as e:
    print("TypeError", e)
try:
    Port("x")
except ValueError as e:
    print("ValueError", e)
