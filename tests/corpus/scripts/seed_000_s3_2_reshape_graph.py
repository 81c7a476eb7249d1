# Seed 000 §3.2 雷区三 bad_reshape / good_reshape with @tf.function, as written. Completed: calls with
# a [4, 28, 28] tensor (both work: the static batch size is known) and get_concrete_function with
# TensorSpec([None, 28, 28]) where bad_reshape's x.shape[0] is None and tracing fails.
import tensorflow as tf

@tf.function
def bad_reshape(x):
    batch_size = x.shape[0] # ❌ 这是 Python int，取的是静态 shape！
    return tf.reshape(x, [batch_size, -1]) # 如果 x 是 [None, 28, 28]，batch_size 就是 None，报错！

@tf.function
def good_reshape(x):
    batch_size = tf.shape(x)[0] # ✅ 返回一个 tf.Tensor，值为实际 batch size
    return tf.reshape(x, [batch_size, -1])

x = tf.zeros([4, 28, 28])
print(bad_reshape(x).shape, good_reshape(x).shape)
spec = tf.TensorSpec([None, 28, 28], tf.float32)
try:
    bad_reshape.get_concrete_function(spec)
except Exception as e:
    print(type(e).__name__)
print(good_reshape.get_concrete_function(spec).structured_outputs)
