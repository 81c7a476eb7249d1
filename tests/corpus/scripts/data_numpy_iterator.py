# as_numpy_iterator yields numpy values; iter/next on datasets.
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices(([1, 2, 3], [[1.0], [2.0], [3.0]]))
for a, b in ds.as_numpy_iterator():
    print(a, b, type(a).__name__)
it = iter(ds)
first = next(it)
second = next(it)
print(first[0].numpy(), second[1].numpy())
print(list(tf.data.Dataset.from_tensor_slices(["x", "y"]).as_numpy_iterator()))
