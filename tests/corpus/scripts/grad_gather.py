# Gradient of GatherV2 is IndexedSlices; converting it gives the dense, accumulated gradient.
import tensorflow as tf

v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
with tf.GradientTape() as tape:
    y = tf.reduce_sum(tf.gather(v, [2, 0, 2]) * tf.constant([[1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]))
g = tape.gradient(y, v)
print(type(g).__name__)
print(g.indices, g.values)
print(tf.convert_to_tensor(g))
x = tf.constant([10.0, 20.0, 30.0])
with tf.GradientTape() as tape2:
    tape2.watch(x)
    z = tf.reduce_sum(tf.gather(x, [1, 1]))
print(tf.convert_to_tensor(tape2.gradient(z, x)))
