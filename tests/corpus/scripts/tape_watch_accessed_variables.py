# watch_accessed_variables=False: only explicitly watched variables get gradients; watched_variables().
import tensorflow as tf

a = tf.Variable(2.0, name="a")
b = tf.Variable(5.0, name="b")
with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(a)
    y = a * b
print(tape.gradient(y, [a, b]))
with tf.GradientTape() as tape:
    y = a * b
print([v.name for v in tape.watched_variables()])
print(tape.gradient(y, [a, b]))
