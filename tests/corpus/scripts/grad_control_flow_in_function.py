# corpus: traced graphs differ from TF's by design: a gradient through tf.cond / tf.while_loop re-traces the forward
# function in the gradient graph where TF makes the forward node output its intermediates.
# A GradientTape inside a tf.function through TF's control flow: tf.cond (AutoGraph's `if` on a
# tensor too), nested conds, a variable read in one branch only (its gradient is zeros), tf.while_loop
# and AutoGraph's `for i in tf.range(n)` with a captured variable, a loop with an int counter, a
# TensorArray written in a loop, and tf.map_fn; values as real TF gives them.
import tensorflow as tf

w = tf.Variable(2.0)
v = tf.Variable([1.0, -1.0])


@tf.function
def branchy(x):
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.cond(x > 0, lambda: x * x * w, lambda: -x)
        if tf.reduce_sum(v) > 1.0:
            z = y * 3.0
        else:
            z = y + tf.reduce_sum(v * v)
    return y, tape.gradient(y, x), tape.gradient(y, w), tape.gradient(z, [x, w, v])


for x0 in (3.0, -2.0):
    print(branchy(tf.constant(x0)))


@tf.function
def nested(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.cond(x > 1.0, lambda: tf.cond(x > 2.0, lambda: x ** 3, lambda: x ** 2), lambda: tf.sin(x))
    return y, tape.gradient(y, x)


for x0 in (3.0, 1.5, 0.5):
    print(nested(tf.constant(x0)))


@tf.function
def power(x, n):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x
        for _ in tf.range(n):
            y = y * x * w
    return y, tape.gradient(y, [x, w])


print(power(tf.constant(1.5), tf.constant(3)))
print(power(tf.constant(2.0), tf.constant(0)))


@tf.function
def looped(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        i, acc = tf.while_loop(lambda i, acc: i < 4, lambda i, acc: (i + 1, acc + tf.cast(i, tf.float32) * x * v),
                               [0, tf.zeros([2])])
        loss = tf.reduce_sum(acc * acc)
    return i, loss, tape.gradient(loss, [x, v])


print(looped(tf.constant([0.5, 2.0])))


@tf.function
def arrays(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        ta = tf.TensorArray(tf.float32, size=3)
        for i in tf.range(3):
            ta = ta.write(i, x * tf.cast(i + 1, tf.float32))
        total = tf.reduce_sum(ta.stack() ** 2)
    return total, tape.gradient(total, x)


print(arrays(tf.constant([1.0, 2.0])))


@tf.function
def mapped(x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.map_fn(lambda r: tf.reduce_sum(r * r * w), x)
    return y, tape.gradient(y, [x, w])


print(mapped(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
