# numpy's and TF's text for complex values: exponents, non-finite parts, padding, scalars.
import numpy as np
import tensorflow as tf

for a in [np.array([1e-5 + 1j, 2e10j]), np.array([np.nan + 1j, 1, np.inf * 1j]), np.array([[1 + 1j, 2], [3, 4 - 0.25j]]),
          np.array([0.1 + 0.2j], np.complex64), np.array([-np.inf - 2j, 1e7 + 1e-7j], np.complex64), np.array(1j),
          np.zeros((0,), np.complex64)]:
    print(a, repr(a))
    print(tf.constant(a))
for v in [np.complex128(1e20j), np.complex128(complex(-0.0, 1)), np.complex64(1e7 + 1j), np.complex128(complex(np.nan, -np.inf))]:
    print(v, repr(v), str(tf.constant(v)), repr(tf.constant(v)))
print(tf.Variable([[1 + 1j, 0.5]], dtype=tf.complex64))
print(tf.constant([1j] * 1200)[:3], tf.reshape(tf.constant([1 + 1j] * 6), [2, 3]))
