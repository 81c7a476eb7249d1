# reduce_retracing=True: the second shape generalises to (None,), so a third shape needs no trace.
import tensorflow as tf

@tf.function(reduce_retracing=True)
def f(x):
    print("tracing", x.shape)
    return tf.reduce_sum(x)

f(tf.constant([1, 2]))
f(tf.constant([1, 2, 3]))
f(tf.constant([1, 2, 3, 4]))
f(tf.constant([[1, 2]]))
print(f.experimental_get_tracing_count())
