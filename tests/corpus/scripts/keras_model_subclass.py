# Model subclassing with call(training=...), trainable_variables order and shapes.
import tensorflow as tf

class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = tf.keras.layers.Dense(4, activation="relu", kernel_initializer="ones")
        self.drop = tf.keras.layers.Dropout(0.9)
        self.d2 = tf.keras.layers.Dense(1, kernel_initializer="ones")

    def call(self, inputs, training=False):
        x = self.d1(inputs)
        x = self.drop(x, training=training)
        return self.d2(x)

net = Net()
x = tf.constant([[1.0, -2.0], [0.5, 0.5]])
print(net(x))
print(net(x, training=False))
print([tuple(v.shape) for v in net.trainable_variables])
print(len(net.layers), net.built)
