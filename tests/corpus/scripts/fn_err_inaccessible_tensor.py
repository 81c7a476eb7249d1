# InaccessibleTensorError: a tensor created in a branch graph leaks to the outer graph via a list.
import tensorflow as tf

@tf.function
def f(x):
    out = []
    if x > 0:
        out.append(x * 2)
    else:
        out.append(x)
    return out[0]

try:
    print(f(tf.constant(1)))
except Exception as e:
    print(type(e).__name__)
