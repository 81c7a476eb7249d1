# Checks: conditions on objects, None checks, and `not in`.
def describe(x):
    if x is None:
        return "none"
    if not x:
        return "empty/zero"
    return "value"
for v in [None, 0, "", [], "a", [0], 0.0, -1]:
    print(repr(v), describe(v))
user = {"name": "kim"}
if "age" not in user:
    print("age missing")
