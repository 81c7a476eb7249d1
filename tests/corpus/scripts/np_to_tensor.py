# numpy arrays into tensors: dtype is kept (float64 stays float64), tf.convert_to_tensor.
import numpy as np
import tensorflow as tf

a = np.array([[1.0, 2.0]])
t = tf.constant(a)
print(t)
t32 = tf.constant(a, dtype=tf.float32)
print(t32)
print(tf.convert_to_tensor(np.array([1, 2], dtype=np.int64)))
print(tf.convert_to_tensor(np.float32(3.5)))
print(tf.constant(a.astype(np.float32)).dtype)
print(tf.reduce_sum(a))
print(tf.add(np.array([1, 2], dtype=np.int32), 1))
