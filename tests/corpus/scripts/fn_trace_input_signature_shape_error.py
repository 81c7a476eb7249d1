# input_signature: a tensor of an incompatible shape is refused with TypeError.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def f(data):
    return data

try:
    f(tf.constant([1.0, 2.0, 3.0]))
except TypeError as e:
    print("TypeError", str(e).startswith("Binding inputs to tf.function failed"))
print(f.experimental_get_tracing_count())
