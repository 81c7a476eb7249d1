# Seed 000 (TensorFlow图模式实战) §2.1 dynamic_resize, as written (one statement per line). Completed:
# the input images (zeros, 4x4x3 instead of real photos, batch 128 then 64 as the text says) and
# prints of the result shapes and the trace count (each new batch size is a new input shape).
import tensorflow as tf

@tf.function
def dynamic_resize(x, target_size):
    if tf.shape(x)[0] > 100: # 注意：这里用的是 tf.shape，不是 x.shape
        return tf.image.resize(x, [target_size, target_size])
    else:
        return tf.image.resize(x, [target_size//2, target_size//2])

img = tf.zeros([128, 4, 4, 3])
print(dynamic_resize(img, 224).shape)
img = tf.zeros([64, 4, 4, 3])
print(dynamic_resize(img, 224).shape)
print(dynamic_resize.experimental_get_tracing_count())
