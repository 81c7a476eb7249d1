# tf.name_scope as a context: the scope string, nesting, and that eager results are unaffected.
import tensorflow as tf

with tf.name_scope("outer") as scope:
    print(scope)
    with tf.name_scope("inner") as inner:
        print(inner)
        x = tf.constant(2.0) * 3.0
print(x)
with tf.name_scope("layer"):
    v = tf.Variable(1.0, name="w")
print(v.name)
