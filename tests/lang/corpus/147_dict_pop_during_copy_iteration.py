# Checks: removing dict keys safely by iterating over a copy of the keys.
d = {i: i * i for i in range(8)}
for k in list(d):
    if k % 2:
        del d[k]
print(d)
d2 = {k: v for k, v in d.items() if v > 4}
print(d2)
print(list(d.items())[:2])
