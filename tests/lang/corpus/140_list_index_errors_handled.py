# Checks: catching IndexError and KeyError with their messages.
xs = [1, 2, 3]
for i in (0, 2, 3, -4):
    try:
        print(xs[i])
    except IndexError as e:
        print("IndexError:", e)
d = {"a": 1}
for k in ("a", "b", 0, (1, 2)):
    try:
        print(d[k])
    except KeyError as e:
        print("KeyError:", e)
try:
    [].pop()
except IndexError as e:
    print(e)
