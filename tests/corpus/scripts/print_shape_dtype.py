# Printing TensorShape, dtypes and tensor attributes.
import tensorflow as tf

t = tf.zeros([2, 3])
print(t.shape)
print(repr(t.shape))
print(t.shape.as_list(), t.shape[0], t.shape.rank, t.ndim)
print(t.dtype)
print(repr(t.dtype), t.dtype.name)
print(tf.TensorShape([None, 4]))
print(tf.int32, tf.bool, tf.string, tf.float64)
print(tf.TensorShape([]), tf.constant(1).shape)
