# complex numbers through numpy, gradients, traced graphs and tf.print.
import sys
import numpy as np
import tensorflow as tf

n = np.array([1 + 2j, 3, -1j])
print(n, n.dtype, repr(n), n.real, n.imag, np.abs(n), np.conj(n))
print(np.array([1j], dtype=np.complex64), np.zeros(2, dtype=np.complex128), n * 2, n + 1j, n.sum())
print(np.complex128(1 + 2j), repr(np.complex64(0.5j)), n[0], type(n[0]).__name__, n.tolist(), complex(n[0]))
print(tf.constant(n), tf.constant(n).numpy().dtype, np.asarray(tf.constant([1j])))

x = tf.Variable(1 + 2j)
with tf.GradientTape() as tape:
    y = tf.math.real(x * tf.math.conj(x))
print(tape.gradient(y, x))
z = tf.constant([1 + 1j, 2 - 1j])
with tf.GradientTape() as tape:
    tape.watch(z)
    loss = tf.reduce_sum(tf.abs(z * z))
print(tape.gradient(loss, z))
r = tf.constant([1.0, 2.0])
with tf.GradientTape() as tape:
    tape.watch(r)
    c = tf.complex(r, 2 * r)
    out = tf.reduce_sum(tf.math.imag(c * c))
print(tape.gradient(out, r))


@tf.function
def g(a):
    return tf.reduce_sum(a * tf.math.conj(a)), tf.math.real(a) + tf.math.imag(a)


print(g(z))
print([op.type for op in g.get_concrete_function(z).graph.get_operations()])
tf.print(tf.constant([1 + 2j, -0.5j]), output_stream=sys.stdout)
print("done")
