# Greater, Less, Equal, NotEqual, GreaterEqual, LessEqual: functions and operators.
import tensorflow as tf

a = tf.constant([1, 2, 3, 4])
b = tf.constant([4, 2, 1, 4])
print(tf.greater(a, b))
print(tf.less(a, b))
print(tf.equal(a, b))
print(tf.not_equal(a, b))
print(tf.greater_equal(a, b))
print(tf.less_equal(a, b))
print(a > 2, a <= 2)
print(tf.math.equal(tf.constant([0.5, 1.0]), 0.5))
print(a == b)
print(a != b)
