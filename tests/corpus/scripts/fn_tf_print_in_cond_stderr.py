# tf.print inside both branches of a tensor `if`: only the taken branch prints.
import tensorflow as tf

@tf.function
def f(x):
    if x > 0:
        tf.print("positive", x)
    else:
        tf.print("not positive", x)
    return x

f(tf.constant(1))
f(tf.constant(-1))
