# complex64/complex128 tensors: construction, printing, numpy, the common ops, dtype rules.
import numpy as np
import tensorflow as tf

a = tf.constant([1 + 2j, 3 - 4j])
b = tf.constant([0.5j, -1 + 0j], dtype=tf.complex64)
print(a)
print(b)
print(repr(tf.constant(2j)), tf.constant(1 + 1j).numpy(), type(tf.constant(1j).numpy()).__name__)
print(a.dtype, b.dtype, a.dtype.is_complex, a.dtype.real_dtype, tf.complex64.size, tf.complex128.size)
print(a.numpy(), a.numpy().dtype, b.numpy().dtype)
z = tf.complex(tf.constant([1.0, -2.0]), tf.constant([0.5, 3.0]))
print(z, tf.math.real(z), tf.math.imag(z))
print(tf.math.conj(z), tf.abs(tf.constant([3 + 4j, -5j])), tf.math.angle(tf.constant([1j, -1 + 0j])))
print(a + a, a - 1, a * 2, a / (1 + 1j), -a)
print(a * tf.constant([2j, 1]), tf.square(a), tf.reduce_sum(a), tf.reduce_mean(a), tf.reduce_prod(a))
print(tf.cast(tf.constant([1.5, -2.0]), tf.complex64), tf.cast(tf.constant([1, 2]), tf.complex128))
print(tf.cast(b, tf.complex128), tf.cast(a, tf.complex64))
print(tf.matmul(tf.constant([[1 + 1j, 2], [0, 1j]]), tf.constant([[1j], [1 - 1j]])))
print(tf.reshape(a, [2, 1]), tf.transpose(tf.reshape(a, [1, 2])), tf.concat([a, a], 0), tf.stack([a, a]))
print(tf.zeros([2], tf.complex64), tf.ones_like(a), tf.gather(a, [1, 0, 1]), a[1], tf.reverse(a, [0]))
print(a == tf.constant([1 + 2j, 0j]), tf.math.not_equal(a, a), tf.exp(tf.constant([0j, 1j])))
print(tf.sqrt(tf.constant([-4 + 0j])), tf.math.reciprocal(tf.constant([2j])), tf.convert_to_tensor(np.array([1j, 2])))
print(tf.constant(np.array([1 + 1j], dtype=np.complex64)), tf.constant([[1j, 2]]).shape)
print(tf.linalg.adjoint(tf.constant([[1 + 1j, 2j]])), tf.math.conj(tf.constant([1.5])))
v = tf.Variable([1j, 2 + 0j])
v.assign_add([1, 1j])
print(v)
print(v.numpy(), tf.reduce_sum(v).numpy())


@tf.function
def f(x):
    return tf.math.real(x * tf.math.conj(x)), tf.abs(x) + 1


print(f(a))
print(f(b))
for bad in [lambda: a + b, lambda: a + tf.constant([1.0, 2.0]), lambda: tf.complex(tf.constant(1.0), tf.constant(1.0, tf.float64)),
            lambda: tf.maximum(a, a), lambda: a < a, lambda: tf.math.real(tf.constant("s"))]:
    try:
        print(bad())
    except (tf.errors.InvalidArgumentError, TypeError, ValueError, tf.errors.NotFoundError) as e:
        print(type(e).__name__)
