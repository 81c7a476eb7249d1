# Out-of-range gather indices on CPU raise InvalidArgumentError naming the index.
import tensorflow as tf

try:
    tf.gather(tf.constant([1, 2, 3]), [0, 5])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
    print("indices[1] = 5 is not in [0, 3)" in str(e))
