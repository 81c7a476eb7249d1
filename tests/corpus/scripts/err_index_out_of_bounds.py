# Python indexing past the end of a dimension raises InvalidArgumentError (slice index ... out of bounds).
import tensorflow as tf

t = tf.constant([[1, 2], [3, 4]])
try:
    t[5]
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
    print("slice index 5 of dimension 0 out of bounds" in str(e))
try:
    t[:, 2]
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, "slice index 2 of dimension 1 out of bounds" in str(e))
