# tf.nn.separable_conv2d (a DepthwiseConv2dNative then a 1x1 Conv2D, as TF) and Keras' SeparableConv2D
# (its seeded depthwise and pointwise kernels, its output). The traced graph's op types only: TF names
# the captured filters after its own convert_to_tensor calls.
import numpy as np
import tensorflow as tf
x = tf.reshape(tf.range(2 * 6 * 6 * 3, dtype=tf.float32) / 50.0, [2, 6, 6, 3])
dw = tf.reshape(tf.range(3 * 3 * 3 * 2, dtype=tf.float32) / 30.0 - 0.3, [3, 3, 3, 2])
pw = tf.reshape(tf.range(6 * 4, dtype=tf.float32) / 10.0 - 1.0, [1, 1, 6, 4])
y = tf.nn.separable_conv2d(x, dw, pw, strides=[1, 1, 1, 1], padding="SAME")
print(y.shape, round(float(tf.reduce_sum(y)), 2))
@tf.function
def f(a):
    return tf.nn.separable_conv2d(a, dw, pw, strides=[1, 2, 2, 1], padding="VALID")
print(f(x).shape, sorted(op.type for op in f.get_concrete_function(x).graph.get_operations()))
tf.keras.utils.set_random_seed(3)
m = tf.keras.Sequential([tf.keras.Input([6, 6, 3]), tf.keras.layers.SeparableConv2D(4, 3, depth_multiplier=2, padding="same", activation="relu"), tf.keras.layers.GlobalAveragePooling2D()])
for w in m.weights:
    print(w.path, w.shape, np.round(w.numpy().reshape(-1)[:3], 5).tolist())
print(np.round(m(x).numpy(), 5).tolist())
