# input_signature with fewer specs than parameters is refused when the decorator is applied.
import tensorflow as tf

try:
    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def f(x, y):
        return x + y
except TypeError as e:
    print("TypeError", str(e))
