# Eager Python control flow under a tape: only the branch taken is recorded.
import tensorflow as tf

def f(x):
    if x > 0:
        return x * x
    return -3.0 * x

for value in [2.0, -2.0]:
    x = tf.Variable(value)
    with tf.GradientTape() as tape:
        y = f(x)
        for _ in range(2):
            y = y + x
    print(value, y.numpy(), tape.gradient(y, x).numpy())
