# Using a tensor from a tf.function's graph outside it (leaked via a global) fails.
import tensorflow as tf

leaked = []

@tf.function
def f(x):
    y = x * 2
    leaked.append(y)
    return y

f(tf.constant(1))
print(type(leaked[0]).__name__)
try:
    print(leaked[0] + 1)
except Exception as e:
    print(type(e).__name__)
