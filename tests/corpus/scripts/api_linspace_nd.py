# tf.linspace as TF's linspace_nd: scalar and broadcast vector endpoints, num 0 and 1, axis (also
# negative), float64, and the error for endpoints that do not broadcast (BroadcastArgs). Eagerly:
# in a graph a few of TF's nodes (the num Cast, the named constants) are not made yet.
import tensorflow as tf
print(tf.linspace(0., 1., 5).numpy().tolist(), tf.linspace(10., 20., 1).numpy().tolist(), tf.linspace(1., 2., 0).shape)
print(tf.linspace([0., 5.], [1., 10.], 3).numpy().tolist())
print(tf.linspace([0., 5.], [1., 10.], 3, axis=1).numpy().tolist(), tf.linspace([0., 5.], [1., 10.], 3, axis=-1).shape)
print(tf.linspace(0., [1., 2.], 2).numpy().tolist(), tf.linspace(tf.constant(0., tf.float64), 3., 4).dtype)
print(tf.linspace(-1., 1., 7).numpy().tolist())
try:
    tf.linspace([0., 1.], [1., 2., 3.], 3)
except tf.errors.InvalidArgumentError as e:
    print('InvalidArgumentError', e.message.split('}} ')[-1])
