# Adding int32 and float32 tensors raises InvalidArgumentError; tf.matmul of int and float too.
import tensorflow as tf

try:
    tf.constant([1, 2]) + tf.constant([1.0, 2.0])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
    print("cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a float tensor" in str(e))
try:
    tf.constant([1.5]) * tf.constant([2], dtype=tf.int64)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, "[Op:Mul]" in str(e))
