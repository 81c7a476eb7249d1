# corpus: traced graphs differ from TF's by design: a gradient through tf.cond / tf.while_loop re-traces the forward function in the gradient graph where TF makes the forward node output its intermediates.
# Gradients through control flow whose branches draw random numbers and assign variables: the
# gradient uses the forward pass's values and the side effects run once (cond, while, outer tape).
import tensorflow as tf
c1 = tf.Variable(0.0)
x = tf.Variable(2.0)
@tf.function
def f(b):
    with tf.GradientTape() as t:
        if b > 0:
            c1.assign_add(1.0)
            y = x * x + c1
        else:
            y = x
    return t.gradient(y, x)
print(f(tf.constant(1)), c1.numpy())
tf.random.set_seed(1)
@tf.function
def g2():
    with tf.GradientTape() as t:
        t.watch(x)
        def br():
            r = tf.random.uniform([3], seed=2)
            return tf.reduce_sum(x * r), r
        y, r = tf.cond(tf.constant(True), br, lambda: (x, tf.zeros([3])))
    return t.gradient(y, x), tf.reduce_sum(r)
a, b = g2()
print(bool(abs(a - b) < 1e-6), f"{float(a):.4f}")
x2 = tf.Variable(2.0)
c2 = tf.Variable(0.0)
@tf.function
def g3():
    with tf.GradientTape() as t:
        acc = tf.constant(0.0)
        tot = tf.constant(0.0)
        for i in tf.range(3):
            r = tf.random.uniform([], seed=4)
            c2.assign_add(1.0)
            acc += x2 * r
            tot += r
    return t.gradient(acc, x2), tot
a, b = g3()
print(bool(abs(a - b) < 1e-6), c2.numpy(), f"{float(a):.4f}")
x3 = tf.Variable(2.0)
c3 = tf.Variable(0.0)
@tf.function
def g4(b):
    if b > 0:
        r = tf.random.uniform([3], seed=5)
        c3.assign_add(1.0)
        y = tf.reduce_sum(x3 * r)
        s = tf.reduce_sum(r)
    else:
        y = x3
        s = tf.constant(1.0)
    return y, s
tf.random.set_seed(3)
with tf.GradientTape() as t:
    y, s = g4(tf.constant(1))
gr = t.gradient(y, x3)
print(bool(abs(gr - s) < 1e-6), c3.numpy(), f"{float(gr):.4f}")
