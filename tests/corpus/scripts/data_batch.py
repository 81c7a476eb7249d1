# batch with and without drop_remainder; shapes of the batches.
import tensorflow as tf

ds = tf.data.Dataset.range(10)
for b in ds.batch(4):
    print(b.numpy())
for b in ds.batch(4, drop_remainder=True):
    print(b.shape, b.numpy())
pairs = tf.data.Dataset.from_tensor_slices((tf.range(5), tf.range(5) * 10)).batch(2)
for x, y in pairs:
    print(x.numpy(), y.numpy())
