# np.allclose, np.array_equal, isclose and elementwise comparisons on arrays and tensors.
import numpy as np
import tensorflow as tf

a = np.array([1.0, 2.0, 3.0])
print(np.allclose(a, a + 1e-9), np.allclose(a, a + 0.1))
print(np.allclose(a, [1.0, 2.0, 3.00001], rtol=1e-5))
print(np.array_equal(a, [1.0, 2.0, 3.0]))
print(np.isclose(a, [1.0, 2.5, 3.0]))
t = tf.constant([1.0, 2.0, 3.0])
print(np.allclose(t.numpy(), a), np.allclose(t, a))
print(a > 1.5, (a == 2.0).any(), (a > 0).all())
