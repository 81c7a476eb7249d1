# Seed 003: train_step with input_signature [None, 784] float32 / [None] int32 and a `...` body, as
# written. Completed: two calls of different batch sizes (one trace) and the trace count.
# AutoGraph cannot convert the `...` body and warns on stderr (recorded) before running it as is.
import tensorflow as tf

@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 784], dtype=tf.float32),
    tf.TensorSpec(shape=[None], dtype=tf.int32)
])
def train_step(x, y):
    ...

print(train_step(tf.zeros([2, 784]), tf.constant([1, 2])))
print(train_step(tf.zeros([7, 784]), tf.zeros([7], tf.int32)))
print(train_step.experimental_get_tracing_count())
