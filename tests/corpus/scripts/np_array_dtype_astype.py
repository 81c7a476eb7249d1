# np.array with and without dtype, dtype objects, astype conversions.
import numpy as np

a = np.array([1, 2, 3])
b = np.array([1.5, 2.5])
c = np.array([[1, 2], [3, 4]], dtype=np.float32)
print(a.dtype, b.dtype, c.dtype)
print(a.astype(np.float32), a.astype(np.float32).dtype)
print(b.astype(np.int32))
print(np.array([True, False]).astype(int))
print(c.astype("float64").dtype == np.float64)
print(np.dtype("int32"), np.float32(2.5), np.int64(7))
print(np.zeros(3), np.ones((2, 2), dtype=np.int32))
print(np.arange(5), np.arange(0, 1, 0.25))
