# GatherV2: axis 0, axis 1, repeated and nested indices, batch_dims.
import tensorflow as tf

params = tf.constant([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
print(tf.gather(params, [2, 0]))
print(tf.gather(params, [0, 0, 1], axis=1))
print(tf.gather(params, [[0, 1], [2, 2]]).shape)
print(tf.gather(tf.constant([10.0, 20.0, 30.0]), tf.constant([[2], [1]])))
print(tf.gather(params, [[0], [2], [1]], axis=1, batch_dims=1))
print(tf.gather_nd(params, [[0, 1], [2, 2]]))
