# from_tensor_slices with (features, labels) tuples and with dicts.
import numpy as np
import tensorflow as tf

X = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], dtype=np.float32)
y = np.array([0, 1, 0])
ds = tf.data.Dataset.from_tensor_slices((X, y))
for features, label in ds:
    print(features.numpy(), label.numpy())
d = tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": [10.0, 20.0]})
for e in d:
    print(sorted(e.keys()), int(e["a"]), float(e["b"]))
