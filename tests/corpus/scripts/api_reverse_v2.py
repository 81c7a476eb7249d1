# tf.reverse as TF's ReverseV2: values on several and negative axes, strings, empty tensors, the
# errors for a bad, repeated or non-vector axis (TF's message as it words it), the gradient, and
# the node in a traced graph.
import tensorflow as tf
x = tf.reshape(tf.range(12.), [2, 3, 2])
print(tf.reverse(x, [1]).numpy().tolist(), tf.reverse(x, [0, -1]).numpy().tolist(), tf.reverse(tf.constant(['a', 'b']), [0]).numpy())
print(tf.reverse(tf.zeros([0, 2]), [0]).shape, tf.reverse(x, []).numpy().tolist() == x.numpy().tolist())
for ax in ([3], [1, 1], [[0]]):
    try:
        tf.reverse(x, ax)
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        print(type(e).__name__, e.message if hasattr(e, 'message') else e)
v = tf.constant([1., 2., 3.])
with tf.GradientTape() as t:
    t.watch(v)
    y = tf.reduce_sum(tf.reverse(v, [0]) * [1., 10., 100.])
print(t.gradient(y, v).numpy().tolist())
@tf.function
def f(a):
    return tf.reverse(a, [0], name='rev'), tf.reverse(a, axis=[-1])
print([(o.name, o.type) for o in f.get_concrete_function(tf.TensorSpec([2, 3])).graph.get_operations()])
print(f(tf.ones([2, 3]))[0].shape)
