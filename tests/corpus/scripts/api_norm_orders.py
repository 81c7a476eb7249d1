# tf.norm as TF's linalg_ops.norm: vector norms (euclidean, 1, inf, p) and matrix norms (fro, 1, inf)
# over axes, keepdims, the errors for bad ord/axis, and the traced graph's nodes in the norm scope.
import tensorflow as tf
import numpy as np
m = tf.constant([[3., -4.], [1., 2.]])
for kw in [dict(), dict(ord=1), dict(ord=np.inf), dict(ord=3), dict(ord=0.5), dict(axis=0), dict(axis=1, ord=1),
           dict(axis=-1, ord=np.inf, keepdims=True), dict(axis=[0, 1]), dict(axis=(0, 1), ord=1), dict(axis=(0, 1), ord=np.inf),
           dict(axis=(0, 1), ord='fro', keepdims=True), dict(ord='fro'), dict(ord=-1), dict(axis=(0, 0)), dict(axis=[0, 1], ord=3)]:
    try:
        r = tf.norm(m, **kw)
        print(kw, r.shape, np.round(r.numpy(), 5).tolist())
    except ValueError as e:
        print(kw, 'ValueError', e)
@tf.function
def f(x):
    return tf.norm(x), tf.norm(x, ord=1, axis=1, name='l1'), tf.linalg.norm(x, axis=[0, 1])
print([(o.name, o.type) for o in f.get_concrete_function(tf.TensorSpec([2, 2])).graph.get_operations() if o.type != 'Identity'])
