# Tracing: lists are keyed by length and by each element; [1, 2] and [2, 1] differ.
import tensorflow as tf

@tf.function
def total(xs):
    return tf.add_n([tf.constant(v, tf.float32) for v in xs])

print(total([1, 2]).numpy())
print(total([2, 1]).numpy())
print(total([1, 2]).numpy())
print(total([1, 2, 3]).numpy())
print(total.experimental_get_tracing_count())
