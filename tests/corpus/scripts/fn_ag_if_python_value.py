# AutoGraph: `if` on a Python value runs at trace time (one branch traced); a new value retraces.
import tensorflow as tf

@tf.function
def f(x, double):
    if double:
        print("tracing double branch")
        return x * 2
    else:
        print("tracing plain branch")
        return x

x = tf.constant([1.0, 2.0])
print(f(x, True).numpy())
print(f(x, True).numpy())
print(f(x, False).numpy())
print(f.experimental_get_tracing_count())
