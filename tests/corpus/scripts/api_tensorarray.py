# tf.TensorArray: write, read, stack, size, unstack, dynamic_size, element shapes.
import tensorflow as tf

ta = tf.TensorArray(tf.float32, size=3)
ta = ta.write(0, 1.5)
ta = ta.write(1, 2.5)
ta = ta.write(2, -1.0)
print(ta.stack())
print(ta.read(1), ta.size())
dyn = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
for i in range(4):
    dyn = dyn.write(i, tf.constant([i, i * i]))
print(dyn.stack())
print(dyn.size())
u = tf.TensorArray(tf.float32, size=2, element_shape=[2]).unstack(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
print(u.read(0), u.read(1), u.size())
