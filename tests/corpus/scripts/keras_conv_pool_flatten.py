# Conv2D / MaxPooling2D / Flatten output shapes and values with constant kernels.
import tensorflow as tf

x = tf.reshape(tf.range(16.0), [1, 4, 4, 1])
conv = tf.keras.layers.Conv2D(2, 2, kernel_initializer="ones", bias_initializer="zeros")
y = conv(x)
print(y.shape)
print(y[0, :, :, 0])
same = tf.keras.layers.Conv2D(1, 3, padding="same", strides=2, kernel_initializer="ones")
print(same(x)[0, :, :, 0])
pool = tf.keras.layers.MaxPooling2D(pool_size=2)
print(pool(x)[0, :, :, 0])
flat = tf.keras.layers.Flatten()(pool(x))
print(flat)
print(conv.kernel.shape, conv.bias.shape)
