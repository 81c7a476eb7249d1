# Checks: dict views support len, iteration, membership and set ops.
d = {"a": 1, "b": 2, "c": 3}
k = d.keys()
print(len(k), "b" in k, list(k))
print(sorted(k & {"a", "z"}), sorted(k | {"z"}), sorted(k - {"a"}))
print(("a", 1) in d.items(), ("a", 2) in d.items())
print(list(reversed(d)), list(reversed(d.values())))
