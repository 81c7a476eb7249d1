# tf.sparse.SparseTensor and tf.sparse: construction, printing, shape/dtype, to_dense (with its
# index checks), from_dense, reorder, add, reductions, sparse-dense matmul, scaling, transpose,
# slice, retain, expand_dims, concat, eye; to_dense inside a tf.function.
import tensorflow as tf


def err(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", str(e).replace("{{function_node __wrapped__", "").splitlines()[0][:160])


st = tf.sparse.SparseTensor(indices=[[0, 0], [1, 2]], values=[1, 2], dense_shape=[3, 4])
print(st); print(repr(st)); print(st.shape, st.dtype)
print(st.indices, st.values, st.dense_shape)
print(tf.sparse.to_dense(st))
print(tf.sparse.from_dense(tf.constant([[0, 3], [4, 0]])))
print(tf.sparse.reorder(tf.sparse.SparseTensor([[1, 0], [0, 1]], [5., 6.], [2, 2])))
print(tf.sparse.add(st, st))
print(tf.sparse.reduce_sum(st), tf.sparse.reduce_sum(st, axis=1))
print(tf.sparse.sparse_dense_matmul(st, tf.ones([4, 2], tf.int32)))
print(st * 3)
print(tf.sparse.to_dense(tf.sparse.SparseTensor([[0], [2]], ["a", "b"], [3])))
print(isinstance(st, tf.SparseTensor), tf.is_tensor(st))
print(tf.sparse.transpose(st))
print(tf.sparse.slice(st, [0, 0], [2, 3]))
print(tf.sparse.retain(st, [True, False]))
print(tf.sparse.expand_dims(st, 0).shape)
print(tf.sparse.concat(0, [st, st]).dense_shape)
print(tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 0]], [1.5], [1, 2])))
err(lambda: tf.sparse.to_dense(tf.sparse.SparseTensor([[1, 0], [0, 1]], [5., 6.], [2, 2])))
err(lambda: tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 1], [0, 1]], [5., 6.], [2, 2])))
err(lambda: tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 5]], [5.], [2, 2])))
err(lambda: tf.sparse.SparseTensor([[0, 1]], [5., 6.], [2, 2]))
err(lambda: tf.sparse.SparseTensor([0, 1], [5.], [2, 2]))
print(tf.sparse.to_dense(st, default_value=-1))
print(tf.sparse.eye(3))
print(tf.sparse.to_dense(tf.sparse.eye(2, 3, dtype=tf.int32)))


@tf.function
def densify(values):
    return tf.sparse.to_dense(tf.sparse.SparseTensor([[0, 1], [2, 0]], values, [3, 2]))


print(densify(tf.constant([1.5, -2.0])))
