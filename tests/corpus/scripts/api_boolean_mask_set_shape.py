# tf.boolean_mask as TF builds it (axis, multi-dim masks, strings, empty results, the errors for a
# scalar or mismatched mask, the static shape in a graph, the gradient) and Tensor.set_shape in a
# traced graph (merged into the static shape later ops see; TF's C API errors when it does not fit).
import tensorflow as tf
x = tf.reshape(tf.range(24), [2, 3, 4])
print(tf.boolean_mask(x, [True, False]).numpy().tolist())
print(tf.boolean_mask(x, [True, False, True], axis=1).numpy().tolist())
print(tf.boolean_mask(x, [[True, False, True], [False, True, False]]).numpy().tolist())
print(tf.boolean_mask(x, [[True, False, True, True]] * 3, axis=1).numpy().tolist())
print(tf.boolean_mask(tf.constant(['a', 'b', 'c']), [False, True, True]).numpy().tolist(), tf.boolean_mask(x, [False, False]).shape)
for args in [(x, True), (x, [True, False, True]), (x, [True], 2)]:
    try:
        tf.boolean_mask(*args)
    except ValueError as e:
        print('ValueError', e)
@tf.function
def f(a, m):
    return tf.boolean_mask(a, m, axis=1)
print(f(tf.ones([2, 3]), tf.constant([True, False, True])).numpy().tolist(), f.get_concrete_function(tf.TensorSpec([2, 3]), tf.TensorSpec([3], tf.bool)).structured_outputs)
v = tf.constant([[1., 2.], [3., 4.]])
with tf.GradientTape() as t:
    t.watch(v)
    y = tf.reduce_sum(tf.boolean_mask(v, [[True, False], [True, True]]) * 2.)
print(t.gradient(y, v))


@tf.function
def shaped(a):
    y = tf.reshape(a, tf.shape(a) * 1)
    before = y.shape
    y.set_shape([None, 3])
    after = y.shape
    try:
        y.set_shape([4])
    except ValueError as e:
        print("ValueError", e)
    try:
        y.set_shape([None, 4])
    except ValueError as e:
        print('ValueError', e)
    print(before, after, (y + 1).shape)
    return y


shaped.get_concrete_function(tf.TensorSpec([2, None]))
