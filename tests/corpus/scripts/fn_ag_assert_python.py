# A Python `assert` on a Python value runs at trace time only.
import tensorflow as tf

@tf.function
def f(x, n):
    assert n > 0, "n must be positive"
    return x * n

print(f(tf.constant(2), 3).numpy())
try:
    f(tf.constant(2), -1)
except AssertionError as e:
    print("AssertionError", "n must be positive" in str(e))
