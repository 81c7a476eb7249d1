# Checks: return in finally overrides the try's return or a pending exception.
def f():
    try:
        return "try"
    finally:
        return "finally"
def g():
    try:
        raise KeyError("lost")
    finally:
        return "swallowed"
def h():
    x = "initial"
    try:
        return x
    finally:
        x = "changed"
print(f(), g(), h())
def count():
    for i in range(3):
        try:
            continue
        finally:
            print("finally", i)
count()
