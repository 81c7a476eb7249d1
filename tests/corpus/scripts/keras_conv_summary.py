# A small CNN: Conv2D, MaxPooling2D, BatchNormalization, Flatten, Dense; summary() as-is.
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(8, 8, 1)),
    tf.keras.layers.Conv2D(4, 3, activation="relu", name="conv"),
    tf.keras.layers.BatchNormalization(name="bn"),
    tf.keras.layers.MaxPooling2D(2, name="pool"),
    tf.keras.layers.Flatten(name="flat"),
    tf.keras.layers.Dense(2, name="out"),
], name="cnn")
model.summary()
