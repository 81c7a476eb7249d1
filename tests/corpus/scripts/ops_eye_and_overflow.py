# tf.eye: num_columns, batch_shape, bool, empty, and the overflow error of
# a shape past int64 (TF raises it from MatrixDiagV3; GraphLens once said MemoryError).
import tensorflow as tf
print(tf.eye(3))
print(tf.eye(2, 4, dtype=tf.int32))
print(tf.eye(4, 2, dtype=tf.bool))
print(tf.eye(2, batch_shape=[2]))
print(tf.eye(0))
try:
    tf.eye(2**32+2)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, e)
