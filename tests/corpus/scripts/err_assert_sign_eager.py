# Eager tf.debugging.assert_positive / assert_non_negative failures: TF's message prefix
# ("msg.  "), x's shape and dtype in place of a name, the first 3 values as strings.
import tensorflow as tf

cases = [
    (tf.debugging.assert_positive, tf.constant([1.0, -2.0, 3.0, 4.0]), "must be positive"),
    (tf.debugging.assert_positive, tf.constant([0, 3]), None),
    (tf.debugging.assert_non_negative, tf.constant(-1.5), "x >= 0 please"),
    (tf.debugging.assert_non_negative, tf.constant([[0.1, -0.2], [0.3, 0.4]]), None),
]
for fn, x, message in cases:
    try:
        fn(x, message=message)
        print("passed")
    except tf.errors.InvalidArgumentError as e:
        print(repr(str(e)))
print(tf.debugging.assert_non_negative(tf.constant([0, 1])))
