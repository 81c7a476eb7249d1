# shuffle without an op seed uses the global seed (tf.random.set_seed); epochs differ.
import tensorflow as tf

tf.random.set_seed(123)
ds = tf.data.Dataset.range(8).shuffle(8)
e1 = list(ds.as_numpy_iterator())
e2 = list(ds.as_numpy_iterator())
print(e1)
print(e2)
print(sorted(e1) == list(range(8)))
