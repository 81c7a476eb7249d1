# AutoGraph: `break` inside a tensor `while` loop.
import tensorflow as tf

@tf.function
def f(limit):
    i = tf.constant(0)
    s = tf.constant(0)
    while i < 100:
        s += i
        if s > limit:
            break
        i += 1
    return i, s

i, s = f(tf.constant(20))
print(i.numpy(), s.numpy())
