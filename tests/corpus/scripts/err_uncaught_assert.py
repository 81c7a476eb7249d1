# An uncaught assert_equal failure escapes as InvalidArgumentError.
import tensorflow as tf

print("checking")
tf.debugging.assert_equal(tf.constant(1), tf.constant(2), message="values differ")
