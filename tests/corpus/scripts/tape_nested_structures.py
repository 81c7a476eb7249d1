# tape.gradient with nested sources (dict, list, tuple) mirrors their structure.
import tensorflow as tf

w = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
b = tf.Variable([0.5, -0.5])
x = tf.constant([[1.0, 1.0]])
with tf.GradientTape(persistent=True) as tape:
    y = tf.reduce_sum(tf.matmul(x, w) + b)
g = tape.gradient(y, {"w": w, "b": b})
print(sorted(g.keys()))
print(g["w"])
print(g["b"])
gl = tape.gradient(y, [w, (b, w)])
print(type(gl).__name__, type(gl[1]).__name__, gl[1][0])
gy = tape.gradient([y, 2.0 * y], b)
print(gy)
