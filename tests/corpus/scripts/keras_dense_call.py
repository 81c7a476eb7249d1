# Dense layer with constant initializers: build on first call, kernel/bias shapes, activation.
import tensorflow as tf

layer = tf.keras.layers.Dense(2, kernel_initializer="ones", bias_initializer=tf.keras.initializers.Constant(0.5))
x = tf.constant([[1.0, 2.0, 3.0]])
y = layer(x)
print(y)
print(layer.kernel.shape, layer.bias.shape)
print(len(layer.trainable_variables), len(layer.weights))
relu = tf.keras.layers.Dense(1, activation="relu", kernel_initializer="zeros", bias_initializer=tf.keras.initializers.Constant(-1.0))
print(relu(x))
print(layer.units, layer.built)
