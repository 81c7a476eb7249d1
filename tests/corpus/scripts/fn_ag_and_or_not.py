# AutoGraph: `and`, `or` and `not` on tensors become lazy logical ops.
import tensorflow as tf

@tf.function
def f(a, b):
    r = tf.constant(0)
    if a > 0 and b > 0:
        r += 1
    if a > 0 or b > 0:
        r += 10
    if not a > 0:
        r += 100
    return r

for a, b in [(1, 1), (1, -1), (-1, -1)]:
    print(a, b, f(tf.constant(a), tf.constant(b)).numpy())
