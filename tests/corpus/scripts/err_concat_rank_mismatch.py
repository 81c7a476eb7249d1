# ConcatV2 of mismatched shapes and Split into unequal parts raise InvalidArgumentError.
import tensorflow as tf

try:
    tf.concat([tf.zeros([2, 2]), tf.zeros([3, 3])], axis=0)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, "ConcatOp : Dimension 1 in both shapes must be equal" in str(e))
try:
    tf.split(tf.range(5), 2)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, "Number of ways to split should evenly divide the split dimension" in str(e))
