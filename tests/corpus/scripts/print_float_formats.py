# numpy float formatting rules through tensor printing: shortest repr, scientific switch, padding.
import tensorflow as tf

print(tf.constant([0.1, 0.2, 0.3]))
print(tf.constant([1e-5, 1.0]))
print(tf.constant([1e8, 1.0]))
print(tf.constant([1.0, 2.0]))
print(tf.constant([0.001, 1000.0]))
print(tf.constant([1.0, float("nan"), float("inf"), -float("inf")]))
print(tf.constant([3.14159265, 2.71828182], dtype=tf.float64))
print(tf.constant([100.5, 2.25, 3.0]))
print(tf.constant([1e16, 1.5]))
