# `import keras` (Keras 3): the same classes and functions as tf.keras, importable parts
# (keras.layers, keras.ops), keras.ops on tensors, where the two packages name losses and metrics
# apart (tf.keras.losses.MSE, keras.losses.mean_squared_error), and an initializer function
# called with dtype= as Keras calls it.
import keras
from keras import layers, ops
from keras.layers import Dense
import tensorflow as tf

print(keras.__name__, keras.__version__)
print(Dense is tf.keras.layers.Dense, layers.Dense is Dense, keras.Sequential is tf.keras.Sequential)
print(keras is tf.keras)
for name in ["MSE", "mse", "mean_squared_error", "MeanSquaredError"]:
    print(name, hasattr(keras.losses, name), hasattr(tf.keras.losses, name), hasattr(keras.metrics, name))
x = ops.ones((2, 3))
print(ops.shape(x), ops.zeros((2,)).dtype, ops.ones((1,), "int32"))
print(ops.mean(ops.ones((2, 2), "int32")), ops.exp(ops.zeros((2,), "int32")))
print(ops.matmul(x, ops.transpose(x)))
print(ops.stack([ops.ones((2,)), ops.zeros((2,))]), ops.square(ops.ones((2,)) * 3))
print(ops.sum(x, axis=1), ops.max(x), ops.reshape(x, (3, 2)).shape)
keras.utils.set_random_seed(0)
model = keras.Sequential([keras.layers.Dense(2, kernel_initializer=tf.ones)])
print(model(tf.ones((1, 3))))
