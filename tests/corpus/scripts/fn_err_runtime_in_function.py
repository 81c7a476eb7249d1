# A runtime op error inside a tf.function surfaces as InvalidArgumentError at call time.
import tensorflow as tf

@tf.function
def pick(x, i):
    return tf.gather(x, i)

print(pick(tf.constant([10, 20, 30]), tf.constant(2)).numpy())
try:
    pick(tf.constant([10, 20, 30]), tf.constant(7))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", "indices[0] = 7 is not in [0, 3)" in e.message or "7 is not in [0, 3)" in e.message)
print(pick.experimental_get_tracing_count())
