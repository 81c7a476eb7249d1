# The retrace warning: a tf.function traced on 5 of its last 5 calls (new Python ints) warns.
import tensorflow as tf

@tf.function
def f(x):
    return x + 1

for i in range(7):
    f(i)
print(f.experimental_get_tracing_count())
