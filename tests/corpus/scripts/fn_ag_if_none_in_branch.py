# AutoGraph error: a variable is None in one branch of a tensor `if`.
import tensorflow as tf

@tf.function
def f(x):
    y = None
    if x > 0:
        y = x
    return y

try:
    f(tf.constant(1))
except Exception as e:
    print(type(e).__name__)
    print("'y' is None at the end of the else branch" in str(e))
