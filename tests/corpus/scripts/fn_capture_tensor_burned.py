# A captured global tensor is burned in: rebinding the Python name does not change the trace.
import tensorflow as tf

scale = tf.constant(2.0)

@tf.function
def f(x):
    return x * scale

print(f(tf.constant(3.0)).numpy())
scale = tf.constant(10.0)
print(f(tf.constant(3.0)).numpy())
print(f.experimental_get_tracing_count())
