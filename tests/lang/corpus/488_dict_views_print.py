# feature: dict views
# Checks: dict views print like CPython (repr and str), also inside containers and f-strings.
d = {1: 2, "a": 3}
print(d.keys())
print(d.values(), d.items())
print(repr(d.keys()), str(d.values()))
print([d.keys()], f"{d.items()}")
print({}.keys(), {}.items())
