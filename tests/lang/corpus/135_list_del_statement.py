# Checks: del on list items, dict keys and names.
xs = [0, 1, 2, 3, 4]
del xs[0]
del xs[-1]
print(xs)
d = {"a": 1, "b": 2, "c": 3}
del d["b"]
print(d)
y = 5
del y
try:
    print(y)
except NameError as e:
    print("NameError:", e)
a, b = 1, 2
del a, b
print("deleted both")
