# autograph=False: Python `if` on a tensor raises OperatorNotAllowedInGraphError at trace time.
import tensorflow as tf

@tf.function(autograph=False)
def debug_func(x):
    if x > 0:
        return x + 1
    return x

try:
    debug_func(tf.constant(1))
except Exception as e:
    print(type(e).__name__)
    print("Using a symbolic `tf.Tensor` as a Python `bool` is not allowed" in str(e))
    print("decorate this function with @tf.function" in str(e))
print(debug_func.experimental_get_tracing_count())
