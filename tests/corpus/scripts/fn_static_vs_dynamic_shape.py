# Inside a trace x.shape is static (None for unknown dims), tf.shape(x) is a runtime tensor.
import tensorflow as tf

@tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
def f(x):
    print("static shape:", x.shape, "rank:", x.shape.rank)
    return tf.shape(x)

print(f(tf.zeros([5, 3])).numpy())
print(f(tf.zeros([2, 3])).numpy())
