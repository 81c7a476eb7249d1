# tf.data transformations beyond map/batch: interleave (cycle and block order), scan, rebatch,
# group_by_window, bucket_by_sequence_length, shard, take_while, unique, choose_from_datasets,
# counter, random, ignore_errors, get_single_element: elements, reprs, cardinality and errors.
import numpy as np
import tensorflow as tf

ds = tf.data.Dataset.range(10)


def length(x):
    return tf.shape(x)[0]


def ragged_rows(x):
    return tf.range(x)


items = {
    'interleave': ds.interleave(lambda x: tf.data.Dataset.from_tensors(x).repeat(2), cycle_length=2),
    'interleave_blocks': tf.data.Dataset.range(1, 4).interleave(
        lambda x: tf.data.Dataset.range(x * 10, x * 10 + x), cycle_length=2, block_length=2),
    'scan': ds.scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s * 10 + x)),
    'rebatch': ds.batch(4).rebatch(2),
    'group_by_window': ds.group_by_window(lambda x: x % 2, lambda k, w: w.batch(2), window_size=2),
    'bucket': tf.data.Dataset.range(1, 8).map(ragged_rows).bucket_by_sequence_length(length, [3, 6], [2, 2, 2]),
    'shard': ds.shard(3, 1),
    'take_while': ds.take_while(lambda x: x < 4),
    'unique': tf.data.Dataset.from_tensor_slices([1, 2, 2, 3, 1, 4]).unique(),
    'choose_from': tf.data.Dataset.choose_from_datasets(
        [tf.data.Dataset.range(3), tf.data.Dataset.range(10, 13)],
        tf.data.Dataset.from_tensor_slices(tf.constant([0, 1, 1, 0], tf.int64))),
    'counter': tf.data.Dataset.counter(5, 3).take(4),
    'random': tf.data.Dataset.random(seed=1).take(3),
    'ignore_errors': tf.data.Dataset.from_tensor_slices([1., 2., 0., 4.]).map(
        lambda x: tf.debugging.check_numerics(1. / x, 'inf')).ignore_errors(),
}
for k, d in items.items():
    print(k, repr(d), d.cardinality().numpy())
    print('  ', [e.tolist() for e in d.as_numpy_iterator()])
print(repr(tf.data.Dataset.counter()), tf.data.Dataset.counter().cardinality().numpy())
print(ds.take(1).get_single_element())
print(tf.data.Dataset.range(5).batch(2).rebatch(3, drop_remainder=True).element_spec)
for bad in (lambda: ds.get_single_element(), lambda: ds.take(0).get_single_element(),
            lambda: list(tf.data.Dataset.from_tensor_slices([1., 0.]).map(
                lambda x: tf.debugging.check_numerics(1. / x, 'division')))):
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        # the first line's end: TF's prefix names the dataset's id and iterator path
        print(type(e).__name__, e.message.splitlines()[0].split(' [Op')[0].split('}} ')[-1].split(': ')[-1])
try:
    ds.shard(0, 0)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__)
print(sorted({np.int32(3), np.int32(3), np.int64(3), 4}), {np.float32(0.5): 'half'}[0.5])
