# Printing 1-D, 2-D and 3-D tensors: numpy-style layout, column alignment, negative numbers.
import tensorflow as tf

print(tf.constant([1, -20, 300]))
print(tf.constant([0.5, -1.25, 100.0]))
print(tf.constant([[1, 2, 3], [40, 50, 60]]))
print(tf.constant([[-1.5, 2.0], [3.0, -4.25]]))
print(tf.reshape(tf.range(12), [2, 2, 3]))
print(tf.constant([[True, False], [False, True]]))
print(tf.constant([1.0, 2.0, 3.0]) / 3.0)
