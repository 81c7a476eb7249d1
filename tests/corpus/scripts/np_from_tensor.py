# Tensors into numpy: .numpy(), np.array(t), numpy functions on tensors return ndarrays.
import numpy as np
import tensorflow as tf

t = tf.constant([[1.0, 2.0], [3.0, 4.0]])
a = t.numpy()
print(type(a).__name__, a.dtype, a.shape)
b = np.array(t)
print(b)
print(np.sum(t), type(np.add(t, 1)).__name__)
print(np.mean(t, axis=0))
print(tf.constant(5).numpy() + 1, type(tf.constant(5).numpy()).__name__)
print(t.numpy().tolist())
print(np.asarray(tf.constant([1, 2])).dtype)
