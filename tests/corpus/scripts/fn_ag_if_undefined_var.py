# AutoGraph error: a variable defined in only one branch of a tensor `if` and used after it.
import tensorflow as tf

@tf.function
def f(x):
    if x > 0:
        y = x + 1
    return y

try:
    f(tf.constant(1))
except Exception as e:
    print(type(e).__name__)
    msg = str(e)
    print("'y' must also be initialized in the else branch" in msg)
