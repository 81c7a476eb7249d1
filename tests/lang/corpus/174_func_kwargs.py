# Checks: **kwargs collects keyword arguments in call order.
def show(**kwargs):
    for k, v in kwargs.items():
        print(f"  {k}={v!r}")
    return len(kwargs)
print(show(a=1, b="two"))
print(show())
opts = {"lr": 0.01, "epochs": 3}
print(show(**opts, verbose=True))
def mixed(a, *args, key=None, **kw):
    return a, args, key, kw
print(mixed(1, 2, 3, key="k", x=9))
print(mixed(*[0], **{"key": 5}))
