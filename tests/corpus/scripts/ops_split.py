# Split into equal parts and into given sizes (with -1).
import tensorflow as tf

t = tf.reshape(tf.range(12), [2, 6])
a, b, c = tf.split(t, 3, axis=1)
print(a)
print(c)
parts = tf.split(t, [1, 2, -1], axis=1)
print([p.shape.as_list() for p in parts])
print(parts[2])
print(tf.split(tf.range(4), 2))
