# Seed 003 (TensorFlow动态图与静态图模式切换详解), first example, unchanged (one statement per line).
import tensorflow as tf

a = tf.constant(2)
b = tf.constant(3)
c = a + b
print(c) # tf.Tensor(5, shape=(), dtype=int32)
