# Functional API: tf.keras.Input, layer calls on symbolic tensors, Model(inputs, outputs).
import tensorflow as tf

inputs = tf.keras.Input(shape=(3,), name="x")
h = tf.keras.layers.Dense(2, kernel_initializer="ones", name="h")(inputs)
out = tf.keras.layers.Dense(1, kernel_initializer="ones", bias_initializer="ones", name="out")(h)
model = tf.keras.Model(inputs=inputs, outputs=out)
print(inputs.shape, out.shape)
print(model(tf.constant([[1.0, 2.0, 3.0]])))
print([l.name for l in model.layers])
print(model.input_shape, model.output_shape)
