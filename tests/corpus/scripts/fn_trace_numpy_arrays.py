# Tracing: numpy arrays are converted to tensors and keyed by shape and dtype.
import numpy as np
import tensorflow as tf

@tf.function
def f(x):
    return x * 2

print(f(np.array([1.0, 2.0], dtype=np.float32)).numpy())
print(f(np.array([3.0, 4.0], dtype=np.float32)).numpy())
print(f(np.array([1, 2])).numpy())
print(f.experimental_get_tracing_count())
