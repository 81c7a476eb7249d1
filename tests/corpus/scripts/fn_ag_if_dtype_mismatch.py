# AutoGraph error: branches of a tensor `if` give the variable different dtypes.
import tensorflow as tf

@tf.function
def f(x):
    if x > 0:
        y = tf.constant(1)
    else:
        y = tf.constant(1.0)
    return y

try:
    f(tf.constant(1))
except Exception as e:
    print(type(e).__name__)
    print("'y' has dtype int32 in the main branch, but dtype float32 in the else branch" in str(e))
