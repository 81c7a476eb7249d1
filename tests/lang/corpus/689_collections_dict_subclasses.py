# OrderedDict, defaultdict and Counter are dict subclasses, as in CPython: isinstance, json,
# ** unpacking, dict(...), copying and their own behaviour over dict's.
import collections.abc
import copy
import json
from collections import Counter, OrderedDict, defaultdict

words = "the cat and the hat and the bat".split()
c = Counter(words)
print(isinstance(c, dict), type(c).__mro__[1].__name__, c["the"], c["dog"], "dog" in c, len(c))
print(json.dumps(c, sort_keys=True), dict(c) == {"the": 3, "cat": 1, "and": 2, "hat": 1, "bat": 1})
print(c.most_common(2), c.total(), sorted(c.elements())[:4])
print(c + Counter(the=1, dog=2), c - Counter(the=5), Counter(a=3) | Counter(a=1, b=2), Counter(a=3) & Counter(a=1))
print(-Counter(a=-2, b=3), +Counter(a=-2, b=3))
c2 = c.copy()
c2.subtract(["the", "the"])
print(c2["the"], c["the"], c2 == c, Counter(a=1) == {"a": 1}, Counter(a=1, b=0) == Counter(a=1))
del c2["nothing"]
print(repr(Counter()), repr(Counter("abca")))

groups = defaultdict(list)
for w in words:
    groups[len(w)].append(w)
print(groups)
print(isinstance(groups, dict), dict(groups), {**groups}[3][:2], groups.default_factory)
nested = defaultdict(lambda: defaultdict(int))
nested["a"]["x"] += 1
nested["a"]["y"] += 2
print(json.dumps(nested), nested["a"]["x"], len(nested), "b" in nested)
try:
    defaultdict(None)["k"]
except KeyError as e:
    print("KeyError", e)
dd = copy.deepcopy(groups)
print(type(dd).__name__, dd == groups, dd is groups, dd.default_factory is list)

od = OrderedDict([("b", 2), ("a", 1)])
od["c"] = 3
od.move_to_end("b")
print(od, list(od), isinstance(od, dict), json.dumps(od))
od.move_to_end("c", last=False)
print(od.popitem(), od.popitem(last=False), od)
print(OrderedDict(a=1, b=2) == OrderedDict(b=2, a=1), OrderedDict(a=1, b=2) == dict(b=2, a=1))
print(OrderedDict(a=1) | {"b": 2}, type(OrderedDict(a=1) | {"b": 2}).__name__)
o2 = copy.copy(od)
print(type(o2).__name__, o2 == od)
print(OrderedDict.fromkeys("xy", 0), defaultdict(int, a=1))
print(collections.abc.MutableMapping in type(c).__mro__, isinstance(c, collections.abc.Mapping))
