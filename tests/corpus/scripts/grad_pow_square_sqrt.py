# Gradients of Pow (base and exponent), Square, Sqrt, Rsqrt; rounded.
import numpy as np
import tensorflow as tf

x = tf.constant([1.0, 4.0, 9.0])
e = tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, e])
    p = tf.pow(x, e)
    sq = tf.square(x)
    sr = tf.sqrt(x)
    rs = tf.math.rsqrt(x)
gx, ge = tape.gradient(p, [x, e])
print(gx, np.round(ge.numpy(), 4))
print(tape.gradient(sq, x))
print(np.round(tape.gradient(sr, x).numpy(), 4))
print(np.round(tape.gradient(rs, x).numpy(), 4))
