# trainable flag on layers, trainable/non-trainable weights of a model with BatchNormalization.
import tensorflow as tf

model = tf.keras.Sequential([
    tf.keras.Input(shape=(3,)),
    tf.keras.layers.Dense(2, name="d"),
    tf.keras.layers.BatchNormalization(name="bn"),
])
print(len(model.trainable_variables), len(model.non_trainable_variables), len(model.weights))
print([v.path for v in model.trainable_variables])
model.layers[0].trainable = False
print(len(model.trainable_variables), [v.name for v in model.trainable_variables])
print(model.layers[0].kernel.shape)
