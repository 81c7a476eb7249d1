# tf.unique as TF's Unique op: unpacked as (y, idx) or by name (a Unique namedtuple), out_idx, strings,
# in a traced graph (one Unique node), and the error for a non-vector.
import tensorflow as tf
y, idx = tf.unique([1, 1, 2, 4, 4, 4, 7, 8, 8])
print(y, idx)
r = tf.unique(tf.constant([3., 1., 3.]), out_idx=tf.int64)
print(r.y, r.idx, type(r).__name__, len(r))
print(tf.unique(tf.constant(['b', 'a', 'b'])))
@tf.function
def f(x):
    u = tf.unique(x)
    return u.y, u.idx
print(f(tf.constant([5, 5, 6])))
print([o.type for o in f.get_concrete_function(tf.TensorSpec([None], tf.int32)).graph.get_operations()])
try:
    tf.unique([[1, 2]])
except tf.errors.InvalidArgumentError as e:
    print(repr(e.message))
