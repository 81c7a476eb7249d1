# input_signature: one trace for every batch size; the concrete function is reused.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec(shape=[None, 2], dtype=tf.float32)])
def process_batch(data):
    print("tracing", data.shape)
    return tf.reduce_mean(data, axis=0)

print(process_batch(tf.constant([[1, 2], [3, 4]], dtype=tf.float32)).numpy())
print(process_batch(tf.constant([[1, 2]], dtype=tf.float32)).numpy())
print(process_batch.experimental_get_tracing_count())
