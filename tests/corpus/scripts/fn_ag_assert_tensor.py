# A Python `assert` on a tensor in a tf.function: AutoGraph leaves asserts alone by default.
import tensorflow as tf

@tf.function
def f(x):
    assert tf.reduce_mean(x) > 0, "Mean must be positive"
    return x * 2

try:
    print(f(tf.constant([1.0, 2.0])).numpy())
except Exception as e:
    print(type(e).__name__)
    print("Using a symbolic `tf.Tensor` as a Python `bool` is not allowed" in str(e))
