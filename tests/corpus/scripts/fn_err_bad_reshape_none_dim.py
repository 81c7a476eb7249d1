# x.shape[0] is None under an input_signature with a None batch size: reshape fails while tracing.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 2, 2], tf.float32)])
def bad_reshape(x):
    batch_size = x.shape[0]
    return tf.reshape(x, [batch_size, -1])

try:
    bad_reshape(tf.ones([3, 2, 2]))
except Exception as e:
    print(type(e).__name__)

@tf.function(input_signature=[tf.TensorSpec([None, 2, 2], tf.float32)])
def good_reshape(x):
    batch_size = tf.shape(x)[0]
    return tf.reshape(x, [batch_size, -1])

print(good_reshape(tf.ones([3, 2, 2])).shape)
