# Sequential model built with an Input, and model.summary() printed as-is.
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(8,)),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dropout(0.5),
    tf.keras.layers.Dense(3),
])
model.summary()
print(model.count_params())
print([l.name for l in model.layers])
print(model.output_shape)
