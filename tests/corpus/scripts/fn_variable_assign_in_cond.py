# Variable updates inside the branches of a tensor `if` (a stateful If).
import tensorflow as tf

v = tf.Variable(0)

@tf.function
def step(x):
    if x > 0:
        v.assign_add(x)
    else:
        v.assign_sub(1)
    return v.read_value()

print([int(step(tf.constant(k))) for k in [3, -1, 2, 0]])
