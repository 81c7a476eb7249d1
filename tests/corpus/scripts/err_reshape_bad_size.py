# Reshape to an incompatible number of elements raises InvalidArgumentError.
import tensorflow as tf

try:
    tf.reshape(tf.range(6), [4, 2])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
    print("Input to reshape is a tensor with 6 values, but the requested shape has 8" in str(e))
