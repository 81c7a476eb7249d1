# FloorDiv has no gradient (None); FloorMod's gradient w.r.t. x is 1 and w.r.t. y is -floor(x/y).
import tensorflow as tf

x = tf.constant([7.0, -7.0])
y = tf.constant([2.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch([x, y])
    fd = tf.math.floordiv(x, y)
    fm = tf.math.floormod(x, y)
print(tape.gradient(fd, x))
print(tape.gradient(fm, [x, y]))
