# AutoGraph: a `while` on Python ints unrolls at trace time; the result is a constant of the trace.
import tensorflow as tf

@tf.function
def bad_loop(n):
    i = 0
    while i < n:
        i += 1
    return i

print(bad_loop(3))
print(bad_loop(5))
print(bad_loop.experimental_get_tracing_count())
