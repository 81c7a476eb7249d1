# tf.autograph.experimental.set_loop_options(shape_invariants=...) lets a loop variable grow.
import tensorflow as tf

@tf.function
def f(n):
    x = tf.constant([1])
    for i in tf.range(n):
        tf.autograph.experimental.set_loop_options(shape_invariants=[(x, tf.TensorShape([None]))])
        x = tf.concat([x, [i]], axis=0)
    return x

print(f(tf.constant(4)).numpy())
