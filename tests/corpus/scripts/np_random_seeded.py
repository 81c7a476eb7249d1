# np.random.seed with rand, randn, randint (MT19937 stream), rounded floats.
import numpy as np

np.random.seed(0)
print(np.round(np.random.rand(3), 6))
print(np.round(np.random.randn(2, 2), 6))
print(np.random.randint(0, 10, size=5))
print(np.random.randint(5, size=(2, 3)))
np.random.seed(0)
print(np.round(np.random.rand(1), 6))
print(np.random.rand(2, 3).astype(np.float32).dtype)
