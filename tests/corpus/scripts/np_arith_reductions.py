# numpy arithmetic, broadcasting and reductions with axes.
import numpy as np

a = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
print(a + 1, a * 2)
print(a - np.array([1.0, 1.0, 1.0]))
print(a / 2, a ** 2)
print(a.sum(), a.sum(axis=0), a.mean(axis=1))
print(a.max(), a.min(axis=0), a.argmax(), np.argmax(a, axis=1))
print(np.sum(a), np.mean(a), np.prod(a[0]))
print(np.sqrt(np.array([4.0, 9.0])), np.abs(np.array([-1, 2])))
print(np.maximum(a, 3.5))
print(a @ a.T)
