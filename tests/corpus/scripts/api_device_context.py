# tf.device context: ops placed on the CPU; tensor.device strings.
import tensorflow as tf

with tf.device("/CPU:0"):
    a = tf.constant([1.0, 2.0])
    b = a * 2.0
print(b)
print(a.device)
print(b.device.endswith("CPU:0"))
with tf.device("cpu:0"):
    c = tf.matmul(tf.ones([1, 2]), tf.ones([2, 1]))
print(c, c.device)
