# Cast between float, int and bool; truncation toward zero; tf.saturate_cast.
import tensorflow as tf

f = tf.constant([-1.7, -0.5, 0.0, 0.5, 1.7, 2.5])
print(tf.cast(f, tf.int32))
print(tf.cast(tf.constant([0, 1, 2]), tf.bool))
print(tf.cast(tf.constant([True, False]), tf.float32))
print(tf.cast(tf.constant([1, 2]), tf.float64))
print(tf.cast(tf.constant([1.5, 2.25]), tf.float16))
print(tf.cast(tf.constant([300, -5]), tf.uint8))
print(tf.cast(tf.constant(3), tf.int64).dtype)
print(tf.dtypes.cast(f, "int64"))
