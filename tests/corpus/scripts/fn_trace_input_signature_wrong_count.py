# input_signature: calling with the wrong number of arguments is a TypeError.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([], tf.float32), tf.TensorSpec([], tf.float32)])
def f(a, b):
    return a + b

print(f(tf.constant(1.0), tf.constant(2.0)).numpy())
try:
    f(tf.constant(1.0))
except TypeError as e:
    print("TypeError")
