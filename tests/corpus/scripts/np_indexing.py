# numpy indexing and slicing: negative, step, boolean masks, fancy indices.
import numpy as np

a = np.arange(12).reshape(3, 4)
print(a[0], a[-1, -1], a[1:, ::2])
print(a[a > 6])
print(a[[0, 2]])
print(a[:, [1, 3]])
b = a.copy()
b[0, 0] = 100
print(a[0, 0], b[0, 0])
print(np.where(a % 2 == 0, a, -1))
print(np.concatenate([a[0], a[1]]), np.stack([a[0], a[1]]).shape)
