# AutoGraph: `for i in tf.range(n)` becomes a graph loop; the sum is computed per call.
import tensorflow as tf

@tf.function
def total(n):
    s = tf.constant(0)
    for i in tf.range(n):
        s += i
    return s

print(total(tf.constant(5)).numpy(), total(tf.constant(10)).numpy())
print(total.experimental_get_tracing_count())
