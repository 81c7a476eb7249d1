# tf.constant of a non-rectangular list raises ValueError; a bad dtype string raises TypeError.
import tensorflow as tf

try:
    tf.constant([[1, 2], [3]])
except ValueError as e:
    print(type(e).__name__, "Can't convert non-rectangular Python sequence to Tensor." in str(e))
try:
    tf.zeros([2], dtype="not_a_dtype")
except TypeError as e:
    print(type(e).__name__)
try:
    tf.constant("a") + tf.constant(1)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
