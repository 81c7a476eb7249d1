# Checks: dicts keep insertion order across updates, deletes and re-inserts.
d = {}
for k in ["delta", "alpha", "charlie", "bravo"]:
    d[k] = len(k)
print(list(d))
d["alpha"] = 0
print(list(d))
del d["delta"]
d["delta"] = 9
print(d)
merged = {**d, "echo": 1, "alpha": -1}
print(merged)
print(d | {"z": 26})
d |= {"alpha": 42}
print(d)
