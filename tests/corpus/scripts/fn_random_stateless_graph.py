# Stateless random ops in a tf.function with static shapes and Python seeds: TF's graph holds
# StatelessRandomGetKeyCounter and the V2 ops (not constants), and every call gives the same values.
import tensorflow as tf

@tf.function
def f(x):
    a = tf.random.stateless_uniform([2, 3], seed=[1, 2])
    b = tf.random.stateless_normal([3], seed=(4, 5), mean=1.0, stddev=2.0)
    c = tf.random.stateless_truncated_normal([2], seed=[7, 8])
    d = tf.random.stateless_uniform([2], seed=[1, 2], minval=2.0, maxval=5.0)
    return a + x, b, c, d
r1 = f(tf.constant(1.0))
r2 = f(tf.constant(1.0))
for u, v in zip(r1, r2):
    print(u.numpy(), bool(tf.reduce_all(u == v)))
print(tf.random.stateless_uniform([2], seed=[1, 2], minval=2.0, maxval=5.0).numpy())
