# A tf.function called under a GradientTape: TF records the call as one op whose inputs include
# every variable the function captures, so a variable read only in the branch not taken gets a
# zero gradient (not None); a variable the function does not capture stays None.
import tensorflow as tf

v1 = tf.Variable(1.0)
v2 = tf.Variable(2.0)
v3 = tf.Variable(5.0)


@tf.function
def f(x):
    if x > 0:
        return x * v1
    else:
        return x * v2


with tf.GradientTape() as t:
    y = f(tf.constant(3.0))
print(t.gradient(y, [v1, v2, v3]))
with tf.GradientTape() as t:
    y = f(tf.constant(-3.0))
print(t.gradient(y, [v1, v2]))
with tf.GradientTape(watch_accessed_variables=False) as t:
    t.watch(v2)
    y = f(tf.constant(3.0))
print(t.gradient(y, [v1, v2]))
