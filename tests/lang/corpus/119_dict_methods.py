# Checks: get/setdefault/pop/popitem/update/keys/values/items/copy.
d = {"a": 1, "b": 2}
print(d.get("a"), d.get("z"), d.get("z", 0))
print(d.setdefault("c", 3), d.setdefault("a", 100))
print(d)
d.update({"d": 4, "a": 10})
d.update(e=5)
print(d)
print(d.pop("b"), d.pop("zz", "missing"))
print(d.popitem())
print(d, len(d))
print(list(d.keys()), list(d.values()), list(d.items()))
e = d.copy()
e["new"] = 1
print("new" in d, "new" in e)
print(dict.fromkeys("xy", 0))
