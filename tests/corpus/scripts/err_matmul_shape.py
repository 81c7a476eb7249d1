# MatMul with mismatched inner dimensions raises InvalidArgumentError (caught).
import tensorflow as tf

try:
    tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
    print("Matrix size-incompatible" in str(e))
