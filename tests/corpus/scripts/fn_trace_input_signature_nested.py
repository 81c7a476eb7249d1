# input_signature with a nested structure (a tuple of specs) for one argument.
import tensorflow as tf

@tf.function(input_signature=[(tf.TensorSpec([None], tf.int32), tf.TensorSpec([None], tf.int32))])
def dot(pair):
    a, b = pair
    return tf.reduce_sum(a * b)

print(dot((tf.constant([1, 2, 3]), tf.constant([4, 5, 6]))).numpy())
print(dot((tf.constant([1]), tf.constant([7]))).numpy())
print(dot.experimental_get_tracing_count())
