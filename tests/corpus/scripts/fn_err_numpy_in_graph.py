# .numpy() on a symbolic tensor inside a tf.function is an AttributeError / NotImplementedError.
import tensorflow as tf

@tf.function
def f(x):
    return x.numpy()

try:
    f(tf.constant(1))
except Exception as e:
    print(type(e).__name__)
