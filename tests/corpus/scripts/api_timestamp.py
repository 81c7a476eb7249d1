# tf.timestamp returns a float64 scalar of seconds; only its properties are printed.
import tensorflow as tf

t0 = tf.timestamp()
s = tf.reduce_sum(tf.range(1000))
t1 = tf.timestamp()
print(t0.dtype, t0.shape)
print(float(t0) > 1.6e9, bool(t1 >= t0))
print(isinstance(float(t1 - t0), float), float(t1 - t0) >= 0.0)
