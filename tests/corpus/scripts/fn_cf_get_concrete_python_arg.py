# get_concrete_function with a Python argument: the value is fixed in the concrete function.
import tensorflow as tf

@tf.function
def power(x, n):
    return x ** n

cf = power.get_concrete_function(tf.TensorSpec([], tf.float32), 3)
print(cf(tf.constant(2.0)).numpy())
print(cf.structured_input_signature)
try:
    cf(tf.constant(2.0), 4)
except TypeError as e:
    print("TypeError")
