# An uncaught InvalidArgumentError: stdout before it is kept, traceback last line is compared.
import tensorflow as tf

print("before")
a = tf.ones([2, 3])
b = tf.ones([4, 5])
c = tf.matmul(a, b)
print("never printed")
