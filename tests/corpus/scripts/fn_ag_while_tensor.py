# AutoGraph: a `while` loop on a tensor condition becomes a graph while loop.
import tensorflow as tf

@tf.function
def collatz_steps(n):
    steps = tf.constant(0)
    while n != 1:
        if n % 2 == 0:
            n = n // 2
        else:
            n = 3 * n + 1
        steps += 1
    return steps

for v in [1, 6, 7, 27]:
    print(v, collatz_steps(tf.constant(v)).numpy())
print(collatz_steps.experimental_get_tracing_count())
