# Checks: assert with and without messages, caught as AssertionError.
def check(x):
    assert x > 0, f"x must be positive, got {x}"
    return x
print(check(3))
try:
    check(-1)
except AssertionError as e:
    print("AssertionError:", e)
try:
    assert 1 == 2
except AssertionError as e:
    print("empty message:", repr(str(e)), e.args)
assert True, "never shown"
print("done")
