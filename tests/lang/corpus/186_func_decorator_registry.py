# Checks: decorators that register functions and return them unchanged.
registry = {}
def register(name):
    def deco(func):
        registry[name] = func
        return func
    return deco
@register("relu")
def relu(x):
    return x if x > 0 else 0
@register("step")
def step(x):
    return 1 if x > 0 else 0
print(sorted(registry))
for name, fn in registry.items():
    print(name, [fn(v) for v in (-2, 0, 3)])
print(relu(5), registry["relu"] is relu)
