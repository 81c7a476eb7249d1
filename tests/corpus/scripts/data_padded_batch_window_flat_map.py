# tf.data: padded_batch (padded_shapes, padding_values, drop_remainder, tuples), window (shift,
# stride, drop_remainder; windows print as datasets), flat_map; reprs and element specs.
import tensorflow as tf

ds = tf.data.Dataset.range(7).map(lambda x: tf.fill([tf.cast(x, tf.int32)], x))
pb = ds.padded_batch(3)
print(repr(pb))
for b in pb:
    print(b.numpy().tolist())
print([b.numpy().tolist() for b in ds.padded_batch(2, padded_shapes=[5], padding_values=tf.constant(-1, tf.int64),
                                                   drop_remainder=True)])
pairs = tf.data.Dataset.range(4).map(lambda x: (tf.fill([tf.cast(x, tf.int32)], x), tf.strings.as_string(x)))
print([(a.numpy().tolist(), b.numpy().tolist()) for a, b in pairs.padded_batch(2)])
w = tf.data.Dataset.range(10).window(4, shift=3)
print(repr(w))
for sub in w:
    print(sub, list(sub.as_numpy_iterator()))
print([list(s.as_numpy_iterator()) for s in tf.data.Dataset.range(10).window(3, shift=2, stride=2, drop_remainder=True)])
flat = tf.data.Dataset.range(10).window(5, shift=1).flat_map(lambda s: s.batch(5, drop_remainder=True))
print(repr(flat))
print([x.numpy().tolist() for x in flat.take(4)])
print(list(tf.data.Dataset.range(3).flat_map(lambda x: tf.data.Dataset.range(x)).as_numpy_iterator()))
