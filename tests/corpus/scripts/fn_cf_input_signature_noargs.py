# With input_signature, get_concrete_function() needs no arguments.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="batch")])
def f(x):
    return tf.reduce_max(x, axis=1)

cf = f.get_concrete_function()
print(cf.structured_input_signature)
print(cf(tf.constant([[1.0, 5.0, 2.0]])).numpy())
print(f.experimental_get_tracing_count())
