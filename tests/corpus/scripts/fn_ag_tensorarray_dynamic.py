# A dynamic_size TensorArray grown in a while loop (powers of two below a limit).
import tensorflow as tf

@tf.function
def powers_below(limit):
    ta = tf.TensorArray(tf.int32, size=0, dynamic_size=True)
    p = tf.constant(1)
    i = 0
    while p < limit:
        ta = ta.write(i, p)
        p *= 2
        i += 1
    return ta.stack(), ta.size()

vals, n = powers_below(tf.constant(100))
print(vals.numpy(), n.numpy())
