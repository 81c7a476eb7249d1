# Dataset.range and map with lambdas and named functions.
import tensorflow as tf

ds = tf.data.Dataset.range(5)
print(list(ds.as_numpy_iterator()))
sq = ds.map(lambda x: x * x)
print(list(sq.as_numpy_iterator()))
def to_pair(x):
    return x, tf.cast(x, tf.float32) / 2.0
for a, b in ds.map(to_pair).take(3):
    print(a.numpy(), b.numpy())
print(list(tf.data.Dataset.range(2, 10, 3).as_numpy_iterator()))
print(next(iter(ds)).dtype)
