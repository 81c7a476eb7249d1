# The eager tf.debugging binary asserts as TF 2.21 words them: positional message (summarize first
# for assert_none_equal, as TF's signature has it), summarize (0, negative, smaller than the
# values), an empty message, same-shaped operands' differing indices and values, and passing asserts.
import tensorflow as tf
x = tf.constant([1, 2, 3, 4, 5])
for f, args in [(tf.debugging.assert_equal, (x, x + 1, 'pos msg')), (tf.debugging.assert_greater, (x, 4, 'gt msg', 2)),
                (tf.debugging.assert_less, (x, 2)), (tf.debugging.assert_none_equal, (x, 3, 1, 'ne')),
                (tf.debugging.assert_greater_equal, (x, 3, None, -1)), (tf.debugging.assert_less_equal, (x, 1, 'le', 4)),
                (tf.debugging.assert_equal, (x, x * 0, None, 2))]:
    try:
        f(*args)
        print('passed')
    except tf.errors.InvalidArgumentError as e:
        print(repr(e.message))
for kw in [dict(message=''), dict(summarize=0, message='none shown'), dict(summarize=-1)]:
    try:
        tf.debugging.assert_less(tf.constant([[1., 5.], [7., 2.]]), tf.constant([[2., 2.], [2., 2.]]), **kw)
    except tf.errors.InvalidArgumentError as e:
        print(repr(e.message))
print(tf.debugging.assert_greater(x, 0), tf.debugging.assert_none_equal(x, 9))
