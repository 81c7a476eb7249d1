# Keras 3 re-raises an exception from a layer's call() with the call's arguments (tensors as
# tf.Tensor(shape, dtype), defaults of unbound ones), once through nested layers, keeping the class
# (an OpError keeps its code); a class that cannot take one message becomes RuntimeError.
import keras, numpy as np, tensorflow as tf
class Bad(keras.layers.Layer):
    def call(self, inputs, scale=2.0, training=None):
        return tf.matmul(inputs, tf.ones([3, 3])) * scale
class Outer(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.bad = Bad()
    def call(self, x):
        return self.bad(x)
for layer in (Bad(), Outer()):
    try:
        layer(tf.ones([1, 4]))
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, repr(str(e)))
class Val(keras.layers.Layer):
    def call(self, x, *, mode):
        raise ValueError("no %s" % mode)
try:
    Val()(np.ones((2,)), mode="fast")
except ValueError as e:
    print(repr(str(e)))
class Custom(Exception):
    def __init__(self, a, b):
        super().__init__(a)
class Odd(keras.layers.Layer):
    def call(self, x):
        raise Custom("x", 1)
try:
    Odd()(tf.ones([2]))
except Exception as e:
    print(type(e).__name__, repr(str(e)))
