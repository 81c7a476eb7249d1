# tf.nn.sigmoid_cross_entropy_with_logits and sparse_softmax_cross_entropy_with_logits as TF builds
# them: values (rounded: the softmax kernel's last bit depends on the CPU), rank-1 and rank-3 logits,
# float16, TF's shape errors, gradients, and the traced graphs' nodes in their name scopes.
import tensorflow as tf
import numpy as np
lg = tf.constant([[-2., 0.5, 3.], [1., -0.25, 0.]])
lb = tf.constant([[0., 1., 1.], [1., 0., 0.5]])
print(np.round(tf.nn.sigmoid_cross_entropy_with_logits(lb, lg).numpy(), 6).tolist())
print(tf.nn.sigmoid_cross_entropy_with_logits(labels=[1., 0.], logits=[100., -100.]).numpy().tolist())
try:
    tf.nn.sigmoid_cross_entropy_with_logits(labels=lb[0], logits=lg)
except ValueError as e:
    print('ValueError', e)
with tf.GradientTape() as t:
    t.watch(lg)
    y = tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(lb, lg))
print(np.round(t.gradient(y, lg).numpy(), 6).tolist())
@tf.function
def f(a, b):
    return tf.nn.sigmoid_cross_entropy_with_logits(b, a), tf.nn.sigmoid_cross_entropy_with_logits(b, a, name='sce')
print([(o.name, o.type) for o in f.get_concrete_function(tf.TensorSpec([2, 3]), tf.TensorSpec([2, 3])).graph.get_operations() if o.type != 'Identity'])
lg = tf.constant([[2., 1., 0.1], [0.5, 2.5, 0.3]])
print(np.round(tf.nn.sparse_softmax_cross_entropy_with_logits([0, 1], lg).numpy(), 5).tolist())
x3 = tf.reshape(tf.range(12.) / 5, [2, 2, 3])
print(np.round(tf.nn.sparse_softmax_cross_entropy_with_logits([[0, 2], [1, 1]], x3).numpy(), 5).tolist())
print(np.round(tf.nn.sparse_softmax_cross_entropy_with_logits(2, lg[0]).numpy(), 5))
print(tf.nn.sparse_softmax_cross_entropy_with_logits([0, 1], tf.cast(lg, tf.float16)).dtype)
for labels, logits in [([0], tf.constant(1.)), ([[0, 1]], lg), ([0, 1, 2], lg)]:
    try:
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels, logits)
    except ValueError as e:
        print('ValueError', e)
with tf.GradientTape() as t:
    t.watch(x3)
    c = tf.reduce_sum(tf.nn.sparse_softmax_cross_entropy_with_logits([[0, 2], [1, 1]], x3))
print(np.round(t.gradient(c, x3).numpy(), 5).tolist())
@tf.function
def f(a, b):
    return tf.nn.sparse_softmax_cross_entropy_with_logits(b, a), tf.nn.sparse_softmax_cross_entropy_with_logits(b, a, name='ssce')
print([(o.name, o.type) for o in f.get_concrete_function(tf.TensorSpec([2, 3]), tf.TensorSpec([2], tf.int32)).graph.get_operations() if o.type != 'Identity'])
@tf.function
def g(a, b):
    return tf.nn.sparse_softmax_cross_entropy_with_logits(b, a)
print(sorted(o.type for o in g.get_concrete_function(tf.TensorSpec([2, 2, 3]), tf.TensorSpec([2, 2], tf.int32)).graph.get_operations()))
print(g.get_concrete_function(tf.TensorSpec([2, 2, 3]), tf.TensorSpec([2, 2], tf.int32)).structured_outputs)
