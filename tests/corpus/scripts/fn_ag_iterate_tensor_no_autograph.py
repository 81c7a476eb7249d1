# autograph=False: iterating over a symbolic tensor raises OperatorNotAllowedInGraphError.
import tensorflow as tf

@tf.function(autograph=False, input_signature=[tf.TensorSpec([None], tf.int32)])
def f(x):
    s = 0
    for v in x:
        s += v
    return s

try:
    f(tf.constant([1, 2]))
except Exception as e:
    print(type(e).__name__)
    print("Iterating over a symbolic `tf.Tensor` is not allowed" in str(e))
