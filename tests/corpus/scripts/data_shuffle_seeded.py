# shuffle with a seed: deterministic order; reshuffle_each_iteration=False repeats the order.
import tensorflow as tf

ds = tf.data.Dataset.range(10)
s = ds.shuffle(10, seed=42)
print(list(s.as_numpy_iterator()))
print(list(s.as_numpy_iterator()))
f = ds.shuffle(10, seed=7, reshuffle_each_iteration=False)
print(list(f.as_numpy_iterator()) == list(f.as_numpy_iterator()))
print(sorted(s.as_numpy_iterator()) == list(range(10)))
small = ds.shuffle(3, seed=1)
print(list(small.as_numpy_iterator()))
