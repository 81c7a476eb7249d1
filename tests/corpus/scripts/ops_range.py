# Range: one, two and three arguments, negative delta, float and explicit dtype.
import tensorflow as tf

print(tf.range(5))
print(tf.range(2, 8))
print(tf.range(10, 0, -3))
print(tf.range(0.0, 1.0, 0.25))
print(tf.range(3, dtype=tf.float32))
print(tf.range(1, 2, 0.5))
print(tf.range(0))
print(tf.range(5, dtype=tf.int64).dtype)
