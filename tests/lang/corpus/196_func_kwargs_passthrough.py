# Checks: forwarding *args/**kwargs through wrapper layers.
def target(a, b, c=3, *, d=4):
    return (a, b, c, d)
def forward(*args, **kwargs):
    return target(*args, **kwargs)
print(forward(1, 2))
print(forward(1, 2, 5, d=6))
print(forward(b=2, a=1))
def partial(func, *bound, **bound_kw):
    def call(*args, **kwargs):
        return func(*bound, *args, **{**bound_kw, **kwargs})
    return call
p = partial(target, 10, d=40)
print(p(20), p(20, 30, d=0))
