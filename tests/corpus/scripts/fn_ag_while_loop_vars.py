# AutoGraph: several loop variables updated together in a tensor while loop (Fibonacci).
import tensorflow as tf

@tf.function
def fib(n):
    a, b = tf.constant(0), tf.constant(1)
    i = tf.constant(0)
    while i < n:
        a, b = b, a + b
        i += 1
    return a

print([int(fib(tf.constant(k))) for k in range(10)])
print(fib.experimental_get_tracing_count())
