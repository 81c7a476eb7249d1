# numpy's Generator.normal / standard_normal on PCG64 (numpy's float64 ziggurat, tail draws included:
# |x| > 3.654), bit for bit over 1M draws; loc/scale broadcasting; scale < 0.
import numpy as np
for seed in (0, 1, 42, 12345, 2**40 + 7):
    rng = np.random.default_rng(seed)
    a = rng.normal(size=200000)
    print(seed, repr(float(a.sum())), repr(float(np.abs(a).max())), a[:3].tolist(), int((np.abs(a) > 3.6541528853610088).sum()))
rng = np.random.default_rng(7)
print(rng.standard_normal(), rng.normal(3.0, 2.0), rng.normal(size=(2, 3)).round(6).tolist())
print(rng.normal([0.0, 10.0], [1.0, 0.5]).tolist(), rng.normal(1.0, [1.0, 2.0, 3.0], size=(2, 3)).round(6).tolist())
print(rng.standard_normal(4).tolist(), rng.random(), rng.integers(0, 10, 3).tolist())
try:
    rng.normal(0, -1)
except ValueError as e:
    print("ValueError", e)
