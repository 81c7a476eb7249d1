# Incompatible shapes in a binary op raise InvalidArgumentError (caught).
import tensorflow as tf

try:
    tf.constant([1, 2]) + tf.constant([1, 2, 3])
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
    print("Incompatible shapes: [2] vs. [3]" in e.message)
    print(isinstance(e, tf.errors.OpError))
