# get_concrete_function shares the cache with calls: asking twice traces once.
import tensorflow as tf

@tf.function
def f(x):
    return x * x

a = f.get_concrete_function(tf.TensorSpec([2], tf.float32))
b = f.get_concrete_function(tf.TensorSpec([2], tf.float32))
c = f.get_concrete_function(tf.constant([1.0, 2.0]))
print(a is b, b is c)
print(f.experimental_get_tracing_count())
print(f(tf.constant([3.0, 4.0])).numpy())
print(f.experimental_get_tracing_count())
