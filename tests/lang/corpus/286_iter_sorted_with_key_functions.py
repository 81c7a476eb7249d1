# Checks: sorted with builtin key functions and tuple keys.
data = ["10", "9", "100", "1"]
print(sorted(data), sorted(data, key=int), sorted(data, key=len))
recs = [{"n": "b", "v": 2}, {"n": "a", "v": 2}, {"n": "c", "v": 1}]
print([r["n"] for r in sorted(recs, key=lambda r: (r["v"], r["n"]))])
print(sorted(range(-3, 4), key=lambda x: x * x))
print(sorted([[2, 1], [1, 2], [1, 1]]))
