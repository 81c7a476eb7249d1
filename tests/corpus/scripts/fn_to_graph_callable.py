# tf.autograph.to_graph gives a callable that works eagerly; do_not_convert leaves a function alone.
import tensorflow as tf

def relu_sum(x):
    s = tf.constant(0)
    for v in x:
        if v > 0:
            s += v
    return s

g = tf.autograph.to_graph(relu_sum)
print(g(tf.constant([1, -2, 3])).numpy())

@tf.autograph.experimental.do_not_convert
def plain(x):
    return x + 1

@tf.function
def f(x):
    return plain(x)

print(f(tf.constant(1)).numpy())
