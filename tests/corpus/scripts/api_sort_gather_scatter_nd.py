# tf.sort / tf.argsort as TF builds them (top_k, any axis, ascending for floats, signed and unsigned
# ints, descending), tf.gather_nd, tf.tensor_scatter_nd_update/add/sub and
# tf.math.unsorted_segment_sum: values, errors in TF's words, gradients, and the traced graph's ops.
import tensorflow as tf
print(tf.sort([3, 1, 2]), tf.sort([[3., 1.], [0., 5.]], axis=0), tf.argsort([3., 1., 2.], direction='DESCENDING'))
print(tf.sort(tf.constant([3, 1, 2], tf.uint8)), tf.argsort([[3, 1], [0, 5]], axis=0))
print(tf.gather_nd(tf.constant([[1.,2.],[3.,4.]]), [[1, 0], [0, 1]]), tf.gather_nd(tf.constant([[1.,2.],[3.,4.]]), [[1]]), tf.gather_nd(tf.constant([[[1,2],[3,4]],[[5,6],[7,8]]]), [[0,1],[1,0]]))
print(tf.tensor_scatter_nd_update(tf.zeros([3,2]), [[1],[0]], [[1.,2.],[3.,4.]]), tf.tensor_scatter_nd_add(tf.ones([3]), [[1],[1]], [5.,6.]), tf.tensor_scatter_nd_sub(tf.ones([3]), [[2]], [5.]))
for f in [lambda: tf.gather_nd(tf.constant([[1.,2.],[3.,4.]]), [[5, 0]]), lambda: tf.gather_nd(tf.constant([1.,2.]), [[1],[7]]), lambda: tf.tensor_scatter_nd_update(tf.zeros([2,2]), [[3,0]], [1.]), lambda: tf.gather_nd(tf.constant([[1.,2.],[3.,4.]]), [[0,0,0]]), lambda: tf.tensor_scatter_nd_add(tf.zeros([2]), [[1]], [1., 2.])]:
  try: print(f())
  except Exception as e: print(type(e).__name__, repr(e.message))
x = tf.constant([[1.,2.],[3.,4.]])
with tf.GradientTape() as t:
  t.watch(x); y = tf.reduce_sum(tf.gather_nd(x, [[1,0],[1,0]]) * [2., 3.])
print(t.gradient(y, x))
with tf.GradientTape(persistent=True) as t:
  u = tf.constant([5., 6.]); t.watch([x, u]); y = tf.reduce_sum(tf.tensor_scatter_nd_update(x, [[0,1],[1,1]], u) * [[1., 2.], [3., 4.]])
print(t.gradient(y, x), t.gradient(y, u))
print(tf.math.unsorted_segment_sum([1., 2., 3.], [0, 1, 0], 2), tf.gather_nd(tf.constant(['a', 'b']), [[1]]))
@tf.function
def g(m):
    return tf.sort(m), tf.argsort(m, axis=0), tf.gather_nd(m, [[0, 1]]), tf.tensor_scatter_nd_update(m, [[0, 0]], [9.])
print(g(tf.constant([[3., 1.], [0., 5.]])))
print([ (op.name, op.type) for op in g.get_concrete_function(tf.TensorSpec([2, 2])).graph.get_operations() if op.type != 'Const'])
