# Error case: missing required keyword-only argument.
def build(name, *, units):
    return f"{name}:{units}"
print(build("d", units=3))
build("dense")
