# tf.data.experimental.CsvDataset (defaults for missing fields, select_cols, header, quotes, a
# required field, a bad value) and the datasets' reprs with TF's class names.
import os
import tempfile

import tensorflow as tf

tmp = tempfile.mkdtemp()
path = os.path.join(tmp, 'missing.csv')
with open(path, 'w') as f:
    f.write("1,2,3,4\n,2,3,4\n1,,3,4\n1,2,,4\n1,2,3,\n,,,\n")
ds = tf.data.experimental.CsvDataset(path, [999, 999, 999, 999])
print(repr(ds))
mapped = ds.map(lambda *items: tf.stack(items))
print(repr(mapped))
for line in mapped:
    print(line.numpy())
sel = tf.data.experimental.CsvDataset(path, [999, 999], select_cols=[1, 3]).map(lambda *items: tf.stack(items))
print([x.numpy().tolist() for x in sel])
with open(os.path.join(tmp, 'h.csv'), 'w') as f:
    f.write('name,score,label\n"Smith, J",1.5,a\nDoe,2.25,"b ""q"""\n')
typed = tf.data.experimental.CsvDataset(os.path.join(tmp, 'h.csv'), [tf.string, 0.0, tf.constant('?')], header=True)
print(repr(typed))
for name, score, label in typed:
    print(name.numpy(), score.numpy(), label.numpy())
for defaults in [[tf.constant([], tf.int32)] * 4, [999, 999, 999, 'x'], [999, 999]]:
    try:
        for _ in tf.data.experimental.CsvDataset(path, defaults):
            pass
    except tf.errors.InvalidArgumentError as e:
        print('InvalidArgumentError', str(e).splitlines()[0][:70])
for d in [tf.data.Dataset.range(3), tf.data.Dataset.from_tensor_slices([1, 2]), tf.data.Dataset.from_tensors(1),
          tf.data.Dataset.range(3).batch(2), tf.data.Dataset.range(3).shuffle(2), tf.data.Dataset.range(3).repeat(),
          tf.data.Dataset.range(3).take(1), tf.data.Dataset.range(3).skip(1), tf.data.Dataset.range(3).filter(lambda x: x > 0),
          tf.data.Dataset.range(3).cache(), tf.data.Dataset.range(3).prefetch(1),
          tf.data.Dataset.zip((tf.data.Dataset.range(2), tf.data.Dataset.range(2))),
          tf.data.Dataset.range(2).concatenate(tf.data.Dataset.range(2)), tf.data.Dataset.range(4).batch(2).unbatch()]:
    print(repr(d))
