# The ReLU layer with max_value, negative_slope and threshold; Activation layers.
import tensorflow as tf

x = tf.constant([-2.0, -0.5, 0.0, 1.0, 4.0, 8.0])
print(tf.keras.layers.ReLU()(x))
print(tf.keras.layers.ReLU(max_value=6.0)(x))
print(tf.keras.layers.ReLU(negative_slope=0.5)(x))
print(tf.keras.layers.ReLU(threshold=1.0)(x))
print(tf.keras.layers.Activation("relu")(x))
