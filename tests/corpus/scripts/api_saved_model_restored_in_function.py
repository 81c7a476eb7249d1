# Functions of a SavedModel real TF 2.21 saved (saved_models/restored), restored by
# tf.saved_model.load and called inside a new tf.function: their values, and the graph TF builds
# (a call of each restored function, the functions in the library).
import tensorflow as tf

m = tf.saved_model.load('saved_models/restored')
x = tf.constant([[1.0, 2.0], [-3.0, 0.5]])


@tf.function
def use(z):
    return m.dense(z) + m.poly(tf.constant(1.0))


print(use(x).numpy().tolist())
m.scale.assign(0.5)
print(m.poly(tf.constant(3.0)).numpy(), use(x).numpy().tolist())
