# enumerate / zip over Python lists of tensors unroll at trace time.
import tensorflow as tf

ws = [tf.constant(1.0), tf.constant(2.0), tf.constant(3.0)]

@tf.function
def f(xs):
    total = tf.constant(0.0)
    for i, (w, x) in enumerate(zip(ws, xs)):
        total += float(i) * w * x
    return total

print(f([tf.constant(1.0), tf.constant(1.0), tf.constant(2.0)]).numpy())
