# Calling a concrete function with an incompatible tensor raises an error (no retracing).
import tensorflow as tf

@tf.function
def f(x):
    return x + 1

cf = f.get_concrete_function(tf.TensorSpec([2], tf.int32))
print(cf(tf.constant([1, 2])).numpy())
for bad in [tf.constant([1, 2, 3]), tf.constant([1.0, 2.0])]:
    try:
        cf(bad)
    except Exception as e:
        print(type(e).__name__)
print(f.experimental_get_tracing_count())
