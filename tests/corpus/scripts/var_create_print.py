# tf.Variable creation and its printed forms: print(v), repr, v.numpy(), str of value.
import tensorflow as tf

v = tf.Variable([1.0, 2.0])
print(v)
print(repr(v))
print(v.numpy())
w = tf.Variable(3, name="counter")
print(w)
m = tf.Variable([[1, 2], [3, 4]], dtype=tf.float64, name="m")
print(m)
print(tf.Variable(True))
