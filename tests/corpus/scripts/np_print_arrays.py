# numpy array printing: ints, floats, bools, 2-D alignment, repr.
import numpy as np

print(np.array([1, 2, 3]))
print(np.array([1.0, 2.5, -3.0]))
print(np.array([[1, 22], [333, 4]]))
print(repr(np.array([1.0, 2.0], dtype=np.float32)))
print(repr(np.array([1, 2])))
print(np.array([True, False]))
print(np.array([0.1, 0.25, 1e-6]))
print(np.array(3.0), repr(np.float32(1.5)))
