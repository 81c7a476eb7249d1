# Checks: infinite recursion raises RecursionError which can be caught.
def forever(n):
    return forever(n + 1)
try:
    forever(0)
except RecursionError as e:
    print("RecursionError:", e)
def bounded(n):
    return 0 if n == 0 else 1 + bounded(n - 1)
print(bounded(200))
