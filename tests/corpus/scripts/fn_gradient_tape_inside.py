# GradientTape inside a tf.function: gradients are computed in the graph.
import tensorflow as tf

w = tf.Variable([1.0, 2.0])

@tf.function
def grad_of_loss(x):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * x) ** 2
    return loss, tape.gradient(loss, w)

loss, g = grad_of_loss(tf.constant([3.0, 4.0]))
print(loss.numpy(), g.numpy())
