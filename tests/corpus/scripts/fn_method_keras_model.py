# A Keras model whose call is a tf.function: layers are built on the first (traced) call.
import tensorflow as tf

class MyModel(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense1 = tf.keras.layers.Dense(4, activation="relu", kernel_initializer="ones")
        self.dense2 = tf.keras.layers.Dense(1, kernel_initializer="ones")

    @tf.function
    def call(self, inputs):
        return self.dense2(self.dense1(inputs))

model = MyModel()
print(model.call(tf.ones((1, 3))).numpy())
print(model.call(tf.ones((2, 3))).numpy())
print(len(model.trainable_variables))
