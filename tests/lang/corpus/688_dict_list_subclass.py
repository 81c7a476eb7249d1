# Python subclasses of dict and list: instances are dicts and lists (json, len, **), with their
# own attributes and the special methods they override.
import json
import copy


class AttrDict(dict):
    __getattr__ = dict.__getitem__
    __setattr__ = dict.__setitem__


cfg = AttrDict(lr=0.1, layers=[64, 32])
cfg.epochs = 3
print(cfg.lr, cfg["epochs"], sorted(cfg), len(cfg))
print(isinstance(cfg, dict), type(cfg).__name__, type(cfg) is AttrDict)
print(json.dumps(cfg, sort_keys=True))
print(cfg)
try:
    cfg.missing
except KeyError as e:
    print("KeyError", e)


class Defaulting(dict):
    def __missing__(self, key):
        return key * 2


d = Defaulting(a=1)
print(d["a"], d["bb"], "bb" in d, d.get("bb"), len(d))


class Registry(dict):
    def __init__(self, name, *args, **kw):
        super().__init__(*args, **kw)
        self.name = name
        self.writes = 0

    def __setitem__(self, key, value):
        self.writes += 1
        super().__setitem__(key, value.upper())

    def __repr__(self):
        return f"Registry({self.name!r}, {super().__repr__()})"


r = Registry("ops", {"x": "a"})
r["y"] = "b"
r.update(z="c")  # dict.update does not call the override, as in CPython
print(r, r.writes, r.name, vars(r))
print(dict(r), {**r}, list(r.items()))
print(str(r), f"{r}")


class Stack(list):
    def push(self, x):
        self.append(x)
        return self

    def peek(self):
        return self[-1]

    def __getitem__(self, i):
        if isinstance(i, str):
            return "named:" + i
        return super().__getitem__(i)


s = Stack([1, 2])
s.push(3).push(4)
print(s, len(s), s.peek(), s[0], s["top"], s[1:3], type(s[1:3]).__name__)
print(isinstance(s, list), 3 in s, list(reversed(s)), sum(s), sorted(s, reverse=True))
print(s == [1, 2, 3, 4], s + [5], type(s + [5]).__name__, bool(Stack()), bool(s))
s.tag = "t"
print(s.tag, s.__dict__)
del s.tag
print(hasattr(s, "tag"))


class Counted(list):
    def __iter__(self):
        for x in super().__iter__():
            yield x * 10

    def __len__(self):
        return 99

    def __contains__(self, x):
        return x == "any"


c = Counted([1, 2])
print(list(c), len(c), "any" in c, 1 in c, [x for x in c])


class Ordered(dict):
    def __eq__(self, other):
        return isinstance(other, Ordered) and list(self.items()) == list(other.items())

    __hash__ = None


print(Ordered(a=1, b=2) == Ordered(b=2, a=1), Ordered(a=1) == Ordered(a=1), {"a": 1} == Ordered(a=1))


class Frozen(dict):
    def __hash__(self):
        return hash(tuple(sorted(self.items())))


print(hash(Frozen(a=1)) == hash(Frozen(a=1)), len({Frozen(a=1), Frozen(a=1)}))

f = Defaulting.fromkeys(["p", "q"], 0)
print(type(f).__name__, f)
cp = copy.copy(r)
print(type(cp).__name__, cp == r)
dc = copy.deepcopy(s)
print(type(dc).__name__, dc, dc is s)
try:
    hash(AttrDict())
except TypeError as e:
    print("TypeError", e)


class WithNew(dict):
    def __new__(cls, *args, **kw):
        inst = super().__new__(cls)
        inst.made = True
        return inst


w = WithNew(k=1)
print(w, w.made)
print(Registry.__mro__)
