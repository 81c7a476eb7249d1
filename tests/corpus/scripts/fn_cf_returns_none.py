# A tf.function with no return value returns None; one returning a Python value returns it.
import tensorflow as tf

v = tf.Variable(0)

@tf.function
def bump():
    v.assign_add(1)

@tf.function
def const():
    return 42

print(bump())
print(bump())
print(v.numpy())
print(const())
