# AutoGraph error: a loop variable whose shape changes across iterations of a tensor loop.
import tensorflow as tf

@tf.function
def f(n):
    x = tf.constant([1])
    for i in tf.range(n):
        x = tf.concat([x, [i]], axis=0)
    return x

try:
    f(tf.constant(3))
except Exception as e:
    print(type(e).__name__)
    print("'x' has shape (1,) before the loop, but shape (2,) after one iteration" in str(e))
