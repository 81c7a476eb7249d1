# A list of targets: gradients are summed; output_gradients weight each target.
import tensorflow as tf

x = tf.Variable([1.0, 2.0])
with tf.GradientTape(persistent=True) as tape:
    y1 = tf.reduce_sum(x * 3.0)
    y2 = tf.reduce_sum(x * x)
    y3 = x * 10.0
print(tape.gradient([y1, y2], x))
print(tape.gradient(y3, x))
print(tape.gradient(y3, x, output_gradients=tf.constant([1.0, 0.0])))
