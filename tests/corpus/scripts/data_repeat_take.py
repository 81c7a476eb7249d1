# repeat (finite and infinite + take), take, skip.
import tensorflow as tf

ds = tf.data.Dataset.range(3)
print(list(ds.repeat(2).as_numpy_iterator()))
print(list(ds.repeat().take(7).as_numpy_iterator()))
print(list(ds.take(2).as_numpy_iterator()))
print(list(ds.skip(1).as_numpy_iterator()))
print(list(ds.batch(2).repeat(2).as_numpy_iterator()))
