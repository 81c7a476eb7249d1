# AutoGraph error: a loop variable that changes dtype inside a tensor loop.
import tensorflow as tf

@tf.function
def f(n):
    s = 0
    for i in tf.range(n):
        s = tf.cast(i, tf.float32)
    return s

try:
    f(tf.constant(3))
except Exception as e:
    print(type(e).__name__)
    print("'s' has dtype int32 before the loop, but dtype float32 after one iteration" in str(e))
