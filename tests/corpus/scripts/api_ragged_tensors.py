# tf.RaggedTensor and tf.ragged: construction (constant, from_row_splits/lengths/value_rowids/
# tensor), structure (shape, ragged_rank, splits, lengths, bounding_shape), printing (numpy's
# array2string rules: uniform rows stack, long rows wrap), indexing, elementwise ops, reductions,
# concat, to_tensor/to_list; the errors of bad partitions and mixed nesting.
import tensorflow as tf


def err(f):
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__ + ":", str(e).splitlines()[0][:120])


r = tf.ragged.constant([[0, 1, 2, 3], [4, 5], [6, 7, 8], [9]])
print(r); print(repr(r)); print(r.shape, r.dtype, r.ragged_rank)
print(r.values); print(r.row_splits); print(r.row_lengths()); print(r.nrows()); print(r.value_rowids())
print(r.to_list()); print(r.to_tensor()); print(r.to_tensor(default_value=-1)); print(r.to_tensor(shape=[2, 3]))
print(r + 1); print(r * 2); print(2 - r); print(r + r); print(-r); print(r > 4)
print(tf.reduce_sum(r, axis=1)); print(tf.reduce_mean(r, axis=1)); print(tf.reduce_max(r, axis=1))
print(tf.reduce_sum(r, axis=0)); print(tf.reduce_sum(r)); print(tf.math.reduce_min(r, axis=-1))
print(tf.square(r)); print(tf.math.abs(-r)); print(tf.cast(r, tf.float32))
print(r[0]); print(r[-1]); print(r[1:3]); print(r[:, :2]); print(r[::2]); print(r[1][1])
for row in r[:2]:
    print(row)
print(tf.RaggedTensor.from_row_splits([1, 2, 3, 4, 5], [0, 2, 2, 5]))
print(tf.RaggedTensor.from_value_rowids([1, 2, 3, 4], [0, 0, 2, 2], nrows=4))
print(tf.RaggedTensor.from_row_lengths([1, 2, 3], [1, 0, 2]))
print(tf.RaggedTensor.from_row_starts([1, 2, 3], [0, 1]), tf.RaggedTensor.from_row_limits([1, 2, 3], [2, 3]))
print(tf.RaggedTensor.from_tensor([[1, 2, 0], [3, 0, 0]], padding=0))
print(tf.RaggedTensor.from_tensor([[1, 2, 0], [3, 0, 0]], lengths=[1, 3]))
print(tf.RaggedTensor.from_tensor([[1, 2], [3, 4]]))
rr = tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]]])
print(rr, rr.shape, rr.ragged_rank, rr.flat_values, rr.nested_row_splits)
print(rr.to_tensor()); print(rr.to_list()); print(rr.bounding_shape()); print(rr + 10); print(rr[0]); print(rr[1][0])
print(tf.ragged.constant([[1.5, 2.0], []])); print(tf.ragged.constant([[0.1, 1e-8], [3e20]]))
print(tf.ragged.constant([["a", "bc"], ["d"]])); print(tf.ragged.constant([[True], [False, True]]))
print(tf.ragged.constant([[1, 2], [3, 4]])); print(tf.ragged.constant([[], []]))
print(tf.ragged.map_flat_values(tf.square, r)); print(tf.ragged.map_flat_values(tf.add, r, 100))
print(isinstance(r, tf.RaggedTensor), tf.is_tensor(r), tf.is_tensor([1]))
print(tf.ragged.constant([[1, 2], [3]], dtype=tf.float32))
print(tf.concat([r, r], axis=0)); print(tf.concat([r, r], axis=1))
print(tf.ragged.range([3, 1, 2])); print(tf.ragged.range([0, 2], [3, 5], 2))
print(r.bounding_shape()); print(r.row_splits.dtype, r.with_row_splits_dtype(tf.int32).row_splits)
print(tf.ragged.constant([[1, 2], [3]], ragged_rank=1).shape)
u = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
print(u); print(u.shape); print(u.values); print(u.to_tensor())
print(tf.ragged.constant([list(range(12)), list(range(30)), [1]]))
print(tf.ragged.boolean_mask(r, tf.ragged.constant([[True, False, True, False], [False, True], [True, True, False], [False]])))
print(tf.ragged.stack([tf.constant([1, 2]), tf.constant([3])]))
print(r.with_values(r.values * 10)); print(rr.merge_dims(0, 1))
err(lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 4]))
err(lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [1, 3]))
err(lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 3, 2, 3]))
err(lambda: tf.ragged.constant([[1, [2]]]))
err(lambda: tf.ragged.constant([[1, 2]], ragged_rank=2))
err(lambda: tf.RaggedTensor([1], [0, 1]))
err(lambda: r[4])
err(lambda: r + tf.ragged.constant([[1], [2], [3], [4]]))
err(lambda: bool(r))
err(lambda: tf.constant([[1, 2], [3]]))
