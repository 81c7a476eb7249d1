# Checks: len() and truthiness of containers.
containers = [[], [0], (), (None,), {}, {0: 0}, set(), {0}, "", " ", range(0), range(1)]
for c in containers:
    print(repr(c), len(c), bool(c))
nested = [[], [[]], [[], []]]
print([len(x) for x in nested], [bool(x) for x in nested])
