# A full pipeline: from_tensor_slices, map, shuffle, batch, prefetch(AUTOTUNE), several epochs.
import numpy as np
import tensorflow as tf

X = np.arange(12, dtype=np.float32).reshape(6, 2)
y = np.arange(6)
ds = (tf.data.Dataset.from_tensor_slices((X, y))
      .map(lambda a, b: (a / 2.0, b))
      .shuffle(6, seed=3)
      .batch(4)
      .prefetch(tf.data.AUTOTUNE))
for epoch in range(2):
    for xb, yb in ds:
        print(epoch, xb.shape, yb.numpy())
print(list(tf.data.Dataset.range(4).prefetch(1).as_numpy_iterator()))
