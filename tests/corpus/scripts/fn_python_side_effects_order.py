# Python side effects run once per trace, in call order, interleaved with the printed results.
import tensorflow as tf

@tf.function
def f(x):
    print("trace:", x.shape)
    return x * 2

for v in [tf.constant(1), tf.constant([1, 2]), tf.constant(3), tf.constant([4, 5])]:
    print("result:", f(v).numpy())
