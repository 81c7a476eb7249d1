# Tile and Fill.
import tensorflow as tf

t = tf.constant([[1, 2], [3, 4]])
print(tf.tile(t, [1, 2]))
print(tf.tile(t, [2, 1]))
print(tf.tile(tf.constant([7]), [3]))
print(tf.fill([2, 3], 9))
print(tf.fill([2], 0.5))
print(tf.fill([], True))
