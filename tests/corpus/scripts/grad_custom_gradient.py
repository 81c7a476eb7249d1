# tf.custom_gradient: clipping in the backward pass, a numerically stable log1pexp, several inputs,
# inside tf.function, second order through grad_fn (its forward ops stay on the tapes), errors.
import tensorflow as tf
@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward
v = tf.Variable(2.0)
with tf.GradientTape() as t:
    output = clip_gradients(v * v)
print(t.gradient(output, v))
@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)
    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))
    return tf.math.log(1 + e), grad
x = tf.constant(100.)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = log1pexp(x)
print(y, tape.gradient(y, x))
@tf.custom_gradient
def two(a, b):
    def g(dy):
        return dy * 2.0, dy * 3.0
    return a * b, g
a = tf.constant(1.0); b = tf.constant(4.0)
with tf.GradientTape(persistent=True) as tp:
    tp.watch([a, b])
    z = two(a, b) * 5.0
print(tp.gradient(z, [a, b]))
@tf.function
def f(x):
    with tf.GradientTape() as g:
        g.watch(x)
        y = log1pexp(x)
    return g.gradient(y, x)
print(f(tf.constant(100.)), f(tf.constant(0.)))
with tf.GradientTape() as outer:
    outer.watch(x)
    with tf.GradientTape() as inner:
        inner.watch(x)
        yy = log1pexp(x * 0.01)
    dy = inner.gradient(yy, x)
print(dy, outer.gradient(dy, x))
@tf.custom_gradient
def wrong(a, b):
    return a + b, lambda dy: dy
with tf.GradientTape() as bad:
    bad.watch([a, b])
    w = wrong(a, b)
try:
    bad.gradient(w, [a, b])
except ValueError as e:
    print('ValueError', e)
