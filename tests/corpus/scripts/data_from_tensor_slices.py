# Dataset.from_tensor_slices over a list and a matrix; iterating yields tensors.
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices([1, 2, 3])
for x in ds:
    print(x)
m = tf.data.Dataset.from_tensor_slices(tf.constant([[1.0, 2.0], [3.0, 4.0]]))
for row in m:
    print(row.numpy())
print([int(x) for x in ds])
