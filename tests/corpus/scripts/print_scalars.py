# Printing scalar tensors of each common dtype: print(t), repr(t), str(t).
import tensorflow as tf

print(tf.constant(1))
print(tf.constant(1.5))
print(tf.constant(-0.0))
print(tf.constant(True))
print(tf.constant(7, dtype=tf.int64))
print(tf.constant(2.5, dtype=tf.float64))
print(tf.constant(0.5, dtype=tf.float16))
print(tf.constant(200, dtype=tf.uint8))
print(repr(tf.constant(3)))
print(str(tf.constant(3.25)))
print(tf.constant(1e-8), tf.constant(1e10), tf.constant(123456789.0))
