# A captured variable is read when the function runs: assignments outside are seen.
import tensorflow as tf

v = tf.Variable(2.0)

@tf.function
def f(x):
    return x * v

print(f(tf.constant(3.0)).numpy())
v.assign(10.0)
print(f(tf.constant(3.0)).numpy())
print(f.experimental_get_tracing_count())
