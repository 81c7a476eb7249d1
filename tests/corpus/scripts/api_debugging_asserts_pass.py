# tf.debugging.assert_* that pass return None in eager mode and print nothing.
import tensorflow as tf

x = tf.constant([1.0, 2.0, 3.0])
print(tf.debugging.assert_equal(x, x))
print(tf.debugging.assert_greater(x, 0.0))
print(tf.debugging.assert_less(x, 4.0))
print(tf.debugging.assert_greater_equal(x, 1.0))
print(tf.debugging.assert_less_equal(x, 3.0))
print(tf.debugging.assert_non_negative(x))
print(tf.debugging.assert_positive(x))
print(tf.debugging.assert_near(x, x + 1e-7))
print(tf.debugging.assert_rank(x, 1))
print(tf.debugging.assert_type(x, tf.float32))
print(tf.debugging.assert_all_finite(x, "finite"))
print(tf.debugging.check_numerics(x, "ok"))
