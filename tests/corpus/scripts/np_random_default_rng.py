# np.random.default_rng (PCG64 through SeedSequence): random, integers (ranges, endpoint, int32,
# 2**40 bounds), uniform, permutation, shuffle, choice with and without replacement (Floyd and
# tail-shuffle paths), seeds of any size and as lists, result types, and the errors.
import numpy as np
for seed in [0, 1, 42, 2**40 + 7, 2**70 + 3, [1, 2, 3]]:
    g = np.random.default_rng(seed)
    print(g.random(), g.random(3))
    print(g.integers(10), g.integers(5, 100, size=4), g.integers(0, 2**40, size=2), g.integers(-5, 5, size=(2, 2)))
    print(g.integers(0, 10, size=3, endpoint=True), g.integers(0, 7, size=3, dtype=np.int32), g.uniform(2.0, 3.0, size=2))
    print(g.permutation(8), g.permutation(np.array([10, 20, 30])))
    x = list(range(6)); g.shuffle(x); print(x)
    print(g.choice(5, 3), g.choice(10, 4, replace=False), g.choice([1.5, 2.5, 3.5]), g.choice(20000, 500, replace=False)[:5])
    print(g.choice(20, 5, replace=False, shuffle=False), g.choice(5, replace=False))
print(type(np.random.default_rng(0).integers(3)).__name__, type(np.random.default_rng(0).random()).__name__)
for bad in [-1]:
    try:
        np.random.default_rng(bad)
    except ValueError as e:
        print("ValueError", e)
try:
    np.random.default_rng(0).integers(5, 5)
except ValueError as e:
    print("ValueError", e)
try:
    np.random.default_rng(0).choice(3, 5, replace=False)
except ValueError as e:
    print("ValueError", e)
g = np.random.default_rng(0); print(type(g.uniform()).__name__, type(g.choice(5)).__name__, type(g.choice([1.5,2.5])).__name__, type(g.choice(5, replace=False)).__name__)
