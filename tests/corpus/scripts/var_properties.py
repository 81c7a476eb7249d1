# Variable name, trainable, dtype, shape; names are not uniquified in eager mode.
import tensorflow as tf

a = tf.Variable(1.0, name="w")
b = tf.Variable(2.0, name="w")
c = tf.Variable([1, 2, 3], trainable=False)
print(a.name, b.name, c.name)
print(a.trainable, c.trainable)
print(a.dtype, c.dtype, c.shape)
print(c.shape.as_list(), len(c.shape))
with tf.name_scope("layer1"):
    d = tf.Variable(0.0, name="bias")
print(d.name)
