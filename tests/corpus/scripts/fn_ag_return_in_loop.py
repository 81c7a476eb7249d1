# AutoGraph: `return` inside a tensor loop after a tensor `if`: TF 2.21 refuses (NotImplementedError).
import tensorflow as tf

@tf.function
def index_of(x, target):
    for i in tf.range(tf.size(x)):
        if x[i] == target:
            return i
    return tf.constant(-1)

x = tf.constant([4, 8, 15, 16, 23, 42])
try:
    print(index_of(x, tf.constant(16)).numpy())
except NotImplementedError as e:
    print("NotImplementedError", "a return statement cannot be placed inside this TensorFlow loop" in str(e))
