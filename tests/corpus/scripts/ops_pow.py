# Pow for int and float tensors, tensor ** python number and python number ** tensor.
import tensorflow as tf

print(tf.pow(tf.constant([1, 2, 3, 4]), 2))
print(tf.constant([2, 3]) ** tf.constant([3, 2]))
print(tf.pow(tf.constant([4.0, 9.0, 0.25]), 0.5))
print(tf.constant([2.0, -2.0, 0.5]) ** 3)
print(2.0 ** tf.constant([0.0, 1.0, -1.0, 3.0]))
print(tf.math.pow(tf.constant(10.0), tf.constant([-2.0, 2.0])))
print(tf.pow(tf.constant(0.0), 0.0))
