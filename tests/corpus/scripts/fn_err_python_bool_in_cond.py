# Converting a symbolic tensor with bool() inside an AutoGraph function raises at trace time.
import tensorflow as tf

@tf.function
def f(x):
    flag = bool(x > 0)
    return x if flag else -x

try:
    f(tf.constant(1))
except Exception as e:
    print(type(e).__name__)
