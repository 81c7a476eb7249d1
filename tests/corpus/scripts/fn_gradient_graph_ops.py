# Gradients inside tf.function: each gradient function's graph nodes (broadcasting reductions,
# skipped inputs, shapes equal or not, an unknown batch dimension, gradients summed with AddN).
import tensorflow as tf

w = tf.Variable([[0.5, -1.0, 2.0]])
b = tf.Variable(0.25)


@tf.function
def broadcast_grads(x):
    with tf.GradientTape() as tape:
        h = x * w + b          # Mul broadcast (x: (2, 3) fed, w: (1, 3)), AddV2 with a scalar
        h = h - tf.reduce_max(h, axis=1, keepdims=True)
        loss = tf.reduce_mean(tf.maximum(h, 0.1) / (1.0 + b)) + tf.reduce_sum(w * w)
    return tape.gradient(loss, [w, b])


@tf.function
def both_inputs(a, c):
    with tf.GradientTape() as tape:
        tape.watch([a, c])
        y = tf.matmul(a, c)
        z = tf.reduce_sum(y * y) + tf.reduce_sum(tf.math.divide_no_nan(a, 2.0))
    return tape.gradient(z, [a, c])


@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def unknown_batch(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(x * w - 1.0))
    return tape.gradient(loss, w)


x = tf.constant([[1.0, 2.0, 3.0], [-1.0, 0.5, 4.0]])
gw, gb = broadcast_grads(x)
print(gw.numpy().round(4), round(float(gb), 4))
ga, gc = both_inputs(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([[0.5], [-1.0]]))
print(ga.numpy().round(4), gc.numpy().round(4))
print(unknown_batch(x).numpy().round(4))
print(unknown_batch(tf.ones([4, 3])).numpy().round(4))
