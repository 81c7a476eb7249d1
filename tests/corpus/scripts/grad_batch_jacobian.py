# GradientTape.batch_jacobian: per-example jacobians of a batch (tanh of a matmul, x*x), the
# shapes, and the errors for a scalar target and mismatched batch sizes.
import tensorflow as tf
x = tf.constant([[1.0, 2.0, 3.0], [0.5, -1.0, 2.0]])
w = tf.constant([[1.0, -2.0], [0.5, 3.0], [2.0, 1.0]])
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.nn.tanh(tf.matmul(x, w))
j = tape.batch_jacobian(y, x)
print(j.shape)
print(j.numpy().tolist())
with tf.GradientTape(persistent=True) as t2:
    t2.watch(x)
    z = x * x
print(t2.batch_jacobian(z, x).numpy().tolist())
print(t2.jacobian(z, x).shape)
try:
    t2.batch_jacobian(tf.reduce_sum(z), x)
except (ValueError, IndexError) as e:
    print(type(e).__name__, e)
try:
    t2.batch_jacobian(z, tf.ones((3, 3)))
except (ValueError, IndexError) as e:
    print(type(e).__name__, e)
