# Composite wrappers as TF builds them: clip_by_value, reduce_std/reduce_variance,
# reduce_logsumexp (an infinite max made finite), count_nonzero and l2_normalize open their default
# name scope (unique per use: clip_by_value, clip_by_value_1) or the one name= gives, and name their
# last node after it; eager values, errors and the traced graph's node names.
import tensorflow as tf

m = tf.constant([[1., -2., 3.], [0., 5., -1.]])
print(tf.clip_by_value(m, -1., 2.).numpy().tolist(), tf.math.reduce_std(m, 1).numpy().tolist())
print(tf.math.reduce_variance(m).numpy(), tf.math.reduce_logsumexp(m, 1).numpy().tolist())
print(tf.math.reduce_logsumexp([[float('inf'), 1.], [-float('inf'), -float('inf')]], 1).numpy().tolist())
print(tf.math.count_nonzero(m).numpy(), tf.math.count_nonzero(m, 0, dtype=tf.int32).numpy().tolist(),
      tf.math.count_nonzero([True, False, True]).numpy())
print(tf.math.l2_normalize(m, 1).numpy().tolist())
try:
    tf.math.reduce_variance(tf.constant([1, 2]))
except TypeError as e:
    print('TypeError', e)


@tf.function
def f(x):
    return [tf.clip_by_value(x, 0., 1.), tf.clip_by_value(x, -1., 1., name='clip'),
            tf.math.reduce_std(x), tf.math.reduce_variance(x, 0, keepdims=True),
            tf.math.reduce_logsumexp(x, 1), tf.math.reduce_logsumexp(x, keepdims=True, name='lse'),
            tf.math.count_nonzero(x), tf.math.count_nonzero(x > 0, 1),
            tf.math.l2_normalize(x, 0), tf.nn.l2_normalize(x, 1, name='unit'), tf.clip_by_value(x, 0., 2.)]


print([(op.name, op.type) for op in f.get_concrete_function(tf.TensorSpec([2, 3])).graph.get_operations()
       if op.type != 'Identity'])
print([t.numpy().tolist() for t in f(m)][:3])
