# Checks: ValueError messages from conversions and unpacking.
attempts = [lambda: int("abc"), lambda: int("1.5"), lambda: float("one"), lambda: int("12", 2),
            lambda: [1, 2].index(3), lambda: "abc".index("z"), lambda: [].remove(0)]
for a in attempts:
    try:
        a()
    except ValueError as e:
        print(e)
try:
    a, b = [1, 2, 3]
except ValueError as e:
    print(e)
try:
    a, b, c = [1, 2]
except ValueError as e:
    print(e)
