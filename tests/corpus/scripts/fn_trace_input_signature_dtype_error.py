# input_signature: a tensor of another dtype is refused with TypeError at binding.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def process_batch(data):
    return tf.reduce_mean(data, axis=0)

try:
    process_batch(tf.constant([[1, 2]], dtype=tf.int32))
except Exception as e:
    print(type(e).__name__)
    print(str(e).startswith("Binding inputs to tf.function failed due to"))
    print("Can not cast TensorSpec(shape=(1, 2), dtype=tf.int32, name=None) to TensorSpec(shape=(None, 2), dtype=tf.float32, name=None)" in str(e))
