# The retrace warning from new tensor shapes on every call (warned at most twice).
import tensorflow as tf

@tf.function
def f(x):
    return tf.reduce_sum(x)

for n in range(1, 10):
    f(tf.zeros([n]))
print(f.experimental_get_tracing_count())
