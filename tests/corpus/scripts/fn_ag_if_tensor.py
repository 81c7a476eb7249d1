# AutoGraph: `if` on a tensor condition becomes a graph conditional; both branches run per call.
import tensorflow as tf

@tf.function
def f(x):
    if x > 0:
        y = x * 2
    else:
        y = -x
    return y

print(f(tf.constant(3)).numpy())
print(f(tf.constant(-4)).numpy())
print(f(tf.constant(0)).numpy())
print(f.experimental_get_tracing_count())
