# Seed 002 §2.2 形状契约: train_step with an input_signature and a `...` body, as written (the article
# lost the "=" and "@" signs; restored). Completed: calls with batch sizes 3 and 5 (one trace) and
# a call with a wrong dtype (TypeError).
# AutoGraph cannot convert the `...` body and warns on stderr (recorded) before running it as is.
import tensorflow as tf

@tf.function(input_signature=[
    tf.TensorSpec(shape=[None, 128], dtype=tf.int32), # batch_size维度设为None
    tf.TensorSpec(shape=[None], dtype=tf.bool)
])
def train_step(x, y):
    ...

print(train_step(tf.zeros([3, 128], tf.int32), tf.constant([True, False, True])))
print(train_step(tf.zeros([5, 128], tf.int32), tf.zeros([5], tf.bool)))
print(train_step.experimental_get_tracing_count())
try:
    train_step(tf.zeros([3, 128]), tf.zeros([3], tf.bool))
except TypeError as e:
    print("TypeError")
