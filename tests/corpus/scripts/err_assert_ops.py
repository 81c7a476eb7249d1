# Failing tf.debugging.assert_* raise InvalidArgumentError carrying the message argument.
import tensorflow as tf

x = tf.constant([1.0, -2.0])
checks = [
    ("not equal", lambda: tf.debugging.assert_equal(x, tf.constant([1.0, 2.0]), message="not equal")),
    ("must be positive", lambda: tf.debugging.assert_greater(x, 0.0, message="must be positive")),
    ("negative", lambda: tf.debugging.assert_non_negative(x, message="negative")),
    ("too big", lambda: tf.debugging.assert_less(x, -5.0, message="too big")),
    ("far", lambda: tf.debugging.assert_near(x, x + 1.0, message="far")),
    ("fine", lambda: tf.debugging.assert_less(x, 5.0, message="fine")),
]
for message, check in checks:
    try:
        check()
        print(message, "passed")
    except tf.errors.InvalidArgumentError as e:
        print(message, type(e).__name__, message in str(e))
