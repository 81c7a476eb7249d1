# reduce_retracing=True does not generalise dtypes or Python values.
import tensorflow as tf

@tf.function(reduce_retracing=True)
def f(x, k):
    return x * k

f(tf.constant([1, 2]), 1)
f(tf.constant([1, 2, 3]), 1)
f(tf.constant([1.0, 2.0]), 1)
f(tf.constant([1, 2, 3, 4]), 2)
print(f.experimental_get_tracing_count())
