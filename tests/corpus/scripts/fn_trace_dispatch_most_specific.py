# Dispatch: an exact-shape trace is preferred over a general one from get_concrete_function.
import tensorflow as tf

@tf.function
def f(x):
    print("tracing", x.shape)
    return x + 1

f.get_concrete_function(tf.TensorSpec([None], tf.int32))
f(tf.constant([1, 2, 3]))
f(tf.constant([1, 2]))
print(f.experimental_get_tracing_count())
