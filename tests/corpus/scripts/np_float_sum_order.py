# numpy adds float32/float64 in its own pairwise order (not TF's): np.sum/np.mean over every axis
# set, keepdims, negative and duplicate axes, empty and size-1 arrays, printed to the last bit.
import numpy as np
rng = np.random.RandomState(0)
for shape in [(5,), (9,), (300,), (20000,), (3, 7), (40, 300), (4, 5, 6)]:
    a = (rng.standard_normal(shape) * 1000).astype(np.float32)
    b = a.astype(np.float64)
    print(shape, repr(a.sum()), repr(a.mean()), repr(b.sum()), repr(b.mean()))
    for ax in range(len(shape)):
        print(" ", ax, np.asarray(a.sum(axis=ax)).reshape(-1).tolist()[:3], np.asarray(a.mean(axis=ax)).reshape(-1).tolist()[:3], a.sum(axis=ax, keepdims=True).shape)
    if len(shape) == 3:
        print(a.sum(axis=(0, 2)).tolist(), a.sum(axis=(-1, 1)).tolist(), np.mean(a, axis=(0, 1)).tolist())
print(repr(np.sum(np.array([-0.0], np.float32))), np.zeros((0, 3), np.float32).sum(axis=0), repr(np.sum(np.ones((1, 1)))))
try:
    np.ones((2, 2)).sum(axis=(0, -2))
except ValueError as e:
    print("ValueError", e)
print(repr(np.float32(3).sum() if hasattr(np.float32(3), "sum") else None))
