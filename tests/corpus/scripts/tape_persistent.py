# A persistent tape answers several gradient calls; a plain one only once (RuntimeError).
import tensorflow as tf

x = tf.constant(2.0)
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x * x
    z = y * y
print(tape.gradient(y, x), tape.gradient(z, x))
del tape
with tf.GradientTape() as t2:
    t2.watch(x)
    y = x ** 3
print(t2.gradient(y, x))
try:
    t2.gradient(y, x)
except RuntimeError as e:
    print(type(e).__name__, "A non-persistent GradientTape can only be used to compute one set of gradients" in str(e))
