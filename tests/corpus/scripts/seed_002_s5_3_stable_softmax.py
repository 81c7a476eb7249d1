# Seed 002 §5.3 StableSoftmax layer (softmax computed in float32 for float16 inputs), with the
# article's lost punctuation restored; called eagerly on a float16 tensor. The global
# mixed_float16 policy of the article is not set (the layer is called directly).
import numpy as np
import tensorflow as tf

class StableSoftmax(tf.keras.layers.Layer):
    def call(self, inputs):
        # 强制用FP32计算softmax
        inputs_fp32 = tf.cast(inputs, tf.float32)
        softmax_fp32 = tf.nn.softmax(inputs_fp32)
        return tf.cast(softmax_fp32, tf.float16) # 再转回FP16输出

x = tf.constant([[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]], dtype=tf.float16)
out = StableSoftmax()(x)
print(out.dtype, out.shape)
print(np.round(out.numpy().astype(np.float32), 3))
