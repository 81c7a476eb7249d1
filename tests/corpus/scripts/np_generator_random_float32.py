# numpy Generator.random with dtype=float32: numpy's next_float (the top 24 bits of a 32-bit PCG64
# draw, the other half kept for the next), mixed with float64 and integer draws; a bad dtype.
import numpy as np
r = np.random.default_rng(3)
a = r.random(dtype=np.float32)
print(type(a).__name__, repr(a)); print(repr(r.random(3, dtype=np.float32)), repr(r.random(dtype='f')), r.random(2))
print(repr(r.random((2, 2), dtype=np.float32)), r.integers(0, 10, 3), repr(r.random(dtype=np.float32)))
try:
    r.random(dtype=np.int32)
except TypeError as e:
    print('TypeError', e)
