# reduce_retracing=True avoids the warning for changing shapes: only two traces.
import tensorflow as tf

@tf.function(reduce_retracing=True)
def f(x):
    return tf.reduce_sum(x)

for n in range(1, 10):
    f(tf.zeros([n]))
print(f.experimental_get_tracing_count())
