# No retrace warning: the 4 traces are spread over enough calls that reuse them.
import tensorflow as tf

@tf.function
def f(x):
    return x + 1

for n in range(1, 5):
    for _ in range(3):
        f(tf.zeros([n]))
print(f.experimental_get_tracing_count())
