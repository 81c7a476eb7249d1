# corpus: traced graphs differ from TF's by design: under a tape GraphLens adds a restored function's body op by op (its tapes differentiate ops, not function calls), where TF calls the function and builds gradient functions
# Gradients through restored functions (saved_models/restored) called inside tf.functions: a tape
# around the call and a tape inside the traced function.
import tensorflow as tf
m = tf.saved_model.load('saved_models/restored')
x = tf.constant([[1.0, 2.0], [-3.0, 0.5]])
@tf.function
def use(z):
    return m.dense(z) + m.poly(tf.constant(1.0))
with tf.GradientTape() as t:
    t.watch(x)
    y = tf.reduce_sum(use(x))
print(t.gradient(y, x))
@tf.function
def inner(z):
    with tf.GradientTape() as t2:
        t2.watch(z)
        r = tf.reduce_sum(m.dense(z))
    return t2.gradient(r, z)
print(inner(x))
