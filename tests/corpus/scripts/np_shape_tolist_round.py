# ndarray.shape, ndim, size, reshape, tolist, round and np.round.
import numpy as np

a = np.arange(6).reshape(2, 3)
print(a.shape, a.ndim, a.size)
print(a.tolist(), type(a.tolist()).__name__)
print(a.reshape(-1).tolist())
f = np.array([1.23456, -2.5, 0.125])
print(f.round(2), np.round(f, 1))
print(np.round(f).tolist())
print(a.T.shape, a[1].tolist(), a[:, 0].tolist())
print(float(f[0]), int(a[1, 2]))
