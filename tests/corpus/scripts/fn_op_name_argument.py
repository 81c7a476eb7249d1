# `name=` of the op wrappers in a traced graph: the node each one makes (and the name scope a
# composite wrapper opens) is named after it, as TF's graph shows.
import tensorflow as tf


@tf.function
def elementwise(x, y):
    outs = [
        tf.add(x, y, name='n_add'), tf.subtract(x, y, name='n_sub'), tf.multiply(x, y, name='n_mul'),
        tf.divide(x, y, name='n_div'), tf.math.truediv(x, y, name='n_truediv'), tf.maximum(x, y, name='n_max'),
        tf.minimum(x, y, name='n_min'), tf.pow(x, y, name='n_pow'), tf.math.floordiv(x, y, name='n_floordiv'),
        tf.math.floormod(x, y, name='n_floormod'), tf.square(x, name='n_square'), tf.sqrt(x, name='n_sqrt'),
        tf.exp(x, name='n_exp'), tf.math.log(x, name='n_log'), tf.abs(x, name='n_abs'), tf.negative(x, name='n_neg'),
        tf.math.sign(x, name='n_sign'), tf.round(x, name='n_round'), tf.floor(x, name='n_floor'),
        tf.math.ceil(x, name='n_ceil'), tf.tanh(x, name='n_tanh'), tf.sigmoid(x, name='n_sigmoid'),
        tf.nn.relu(x, name='n_relu'), tf.nn.relu6(x, name='n_relu6'), tf.nn.elu(x, name='n_elu'),
        tf.nn.softplus(x, name='n_softplus'), tf.nn.leaky_relu(x, name='n_leaky'),
        tf.clip_by_value(x, 0., 1., name='n_clip'), tf.math.add_n([x, y], name='n_addn'),
        tf.cast(tf.equal(x, y, name='n_eq'), tf.float32, name='n_cast'),
        tf.cast(tf.logical_and(tf.greater(x, y, name='n_gt'), tf.less(x, y, name='n_lt'), name='n_and'), tf.float32),
        tf.identity(x, name='n_identity'), tf.math.squared_difference(x, y, name='n_sqdiff'),
        tf.where(x > y, x, y, name='n_where'), tf.cast(tf.math.is_nan(x, name='n_isnan'), tf.float32),
    ]
    return outs


@tf.function
def shapes_and_reductions(m, i):
    outs = [
        tf.reduce_sum(m, 0, name='n_sum'), tf.reduce_mean(m, name='n_mean'), tf.reduce_max(m, 1, name='n_rmax'),
        tf.reduce_min(m, name='n_rmin'), tf.reduce_prod(m, name='n_prod'), tf.math.reduce_std(m, name='n_std'),
        tf.math.reduce_logsumexp(m, name='n_lse'), tf.argmax(m, 1, name='n_argmax'),
        tf.argmin(m, 0, name='n_argmin'), tf.reshape(m, [-1], name='n_reshape'),
        tf.transpose(m, name='n_transpose'), tf.concat([m, m], 0, name='n_concat'), tf.stack([m, m], name='n_stack'),
        tf.expand_dims(m, 0, name='n_expand'), tf.squeeze(tf.expand_dims(m, 0), name='n_squeeze'),
        tf.tile(m, [1, 2], name='n_tile'), tf.gather(m, i, name='n_gather'),
        tf.pad(m, [[1, 0], [0, 1]], name='n_pad'), tf.fill([2], 3., name='n_fill'), tf.zeros([2], name='n_zeros'),
        tf.ones([2], name='n_ones'), tf.zeros_like(m, name='n_zeros_like'), tf.ones_like(m, name='n_ones_like'),
        tf.range(3, name='n_range'), tf.shape(m, name='n_shape'), tf.size(m, name='n_size'),
        tf.rank(m, name='n_rank'), tf.matmul(m, m, transpose_b=True, name='n_matmul'),
        tf.one_hot(i, 3, name='n_one_hot'), tf.cumsum(m, 1, name='n_cumsum'), tf.reverse(m, [0], name='n_reverse'),
        tf.slice(m, [0, 0], [1, 2], name='n_slice'), tf.nn.softmax(m, name='n_softmax'),
        tf.nn.log_softmax(m, name='n_log_softmax'), tf.broadcast_to(i, [2, 2], name='n_broadcast'),
        tf.constant([1, 2], name='n_const'), tf.convert_to_tensor([3.], name='n_convert'),
        tf.math.count_nonzero(m, name='n_count'), tf.linalg.norm(m, name='n_norm'),
        tf.nn.l2_normalize(m, 1, name='n_l2'), tf.nn.bias_add(m, [1., 2.], name='n_bias'),
        tf.einsum('ij,jk->ik', m, m, name='n_einsum'), tf.sort(m, name='n_sort'),
        tf.gather_nd(m, [[0, 1]], name='n_gather_nd'), tf.unstack(m, name='n_unstack')[0],
        tf.split(m, 2, 1, name='n_split')[1], tf.math.top_k(m, 1, name='n_topk').values,
        tf.boolean_mask(m, [True, False], name='n_mask'),
        tf.tensor_scatter_nd_update(m, [[0, 0]], [9.], name='n_scatter'),
        tf.nn.sigmoid_cross_entropy_with_logits(labels=m, logits=m, name='n_sce'),
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=i, logits=m, name='n_ssce'),
        tf.nn.softmax_cross_entropy_with_logits(labels=m, logits=m, name='n_ce'),
        tf.linspace(0., 1., 3, name='n_linspace'), tf.math.unsorted_segment_sum(m, i, 2, name='n_segsum'),
    ]
    return outs


for fn, specs in [(elementwise, [tf.TensorSpec([2]), tf.TensorSpec([2])]),
                  (shapes_and_reductions, [tf.TensorSpec([2, 2]), tf.TensorSpec([2], tf.int32)])]:
    g = fn.get_concrete_function(*specs).graph
    for op in g.get_operations():
        if op.type != 'Const' or op.name.startswith('n_'):
            print(op.name, op.type)
