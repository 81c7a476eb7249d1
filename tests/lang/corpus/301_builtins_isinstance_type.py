# Checks: isinstance with tuples and type() equality for builtins.
values = [1, 1.0, "1", [1], (1,), {1: 1}, {1}, None, True, b"1", range(1)]
for v in values:
    print(type(v), isinstance(v, (int, float)), type(v) is int)
print(type(True) == bool, isinstance(True, int), type(1) == type(2))
