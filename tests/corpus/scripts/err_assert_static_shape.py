# assert_rank and assert_shapes with static shapes raise ValueError in eager mode.
import tensorflow as tf

try:
    tf.debugging.assert_rank(tf.zeros([2, 3]), 3)
except ValueError as e:
    print(type(e).__name__, "must have rank 3" in str(e))
try:
    tf.debugging.assert_shapes([(tf.zeros([2, 3]), ("N", "D")), (tf.zeros([3]), ("N",))])
except ValueError as e:
    print(type(e).__name__)
print(tf.debugging.assert_rank(tf.zeros([2, 3]), 2))
