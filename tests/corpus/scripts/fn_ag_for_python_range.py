# AutoGraph: `for i in range(n)` with a Python int unrolls (n additions in the graph).
import tensorflow as tf

@tf.function
def loop_python(n):
    total = tf.constant(0.0)
    for i in range(n):
        total += tf.cast(i, tf.float32)
    return total

print(loop_python(4).numpy())
print(loop_python(6).numpy())
print(loop_python.experimental_get_tracing_count())
