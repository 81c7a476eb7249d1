# tf.data.experimental.make_csv_dataset: column names from the header, column types inferred
# (int32, float32, string; empty fields), label_name, select_columns, column_defaults, batches of
# OrderedDict features, num_epochs, the element spec and the errors raised for a bad label or no
# files; and CsvDataset with ignore_errors going on after a bad record.
import os
import tempfile

import tensorflow as tf

tmp = tempfile.mkdtemp()
path = os.path.join(tmp, 'titanic.csv')
with open(path, 'w') as f:
    f.write('survived,sex,age,fare,alone\n')
    f.write('0,male,22.0,7.25,n\n1,female,38,71.2833,n\n1,female,,7.925,y\n')
    f.write('1,"female, Mrs",35.0,53.1,n\n0,male,35,8.05,y\n')

ds = tf.data.experimental.make_csv_dataset(path, batch_size=2, label_name='survived', num_epochs=1, shuffle=False)
print(type(ds).__name__)
print(dict(ds.element_spec[0]), ds.element_spec[1])
print(ds.element_spec[0])
print(type(next(iter(ds))[0]).__name__, tf.nest.flatten(ds.element_spec[0])[0])
for features, label in ds:
    print(label.numpy(), {k: v.numpy().tolist() for k, v in features.items()})

ds2 = tf.data.experimental.make_csv_dataset(path, batch_size=3, select_columns=['age', 'sex'], num_epochs=1,
                                            shuffle=False)
print(dict(ds2.element_spec))
print([{k: v.numpy().tolist() for k, v in b.items()} for b in ds2])

ds3 = tf.data.experimental.make_csv_dataset(path, batch_size=4, column_defaults=[tf.int64, '', 0.0, 0.0, 'z'],
                                            num_epochs=2, shuffle=False)
print(ds3.element_spec['survived'], ds3.element_spec['alone'])
print([b['survived'].numpy().tolist() for b in ds3])

forever = tf.data.experimental.make_csv_dataset(path, batch_size=2, shuffle=False)
print(forever.element_spec['fare'], forever.cardinality().numpy())
print([b['fare'].numpy().tolist() for b in forever.take(4)])

bad = os.path.join(tmp, 'bad.csv')
with open(bad, 'w') as f:
    f.write('a,b\n1,2\n3,x\n5,6\n')
print(list(tf.data.experimental.CsvDataset(bad, [0, 0], header=True).ignore_errors().as_numpy_iterator()))
ok = tf.data.experimental.make_csv_dataset(bad, batch_size=5, column_defaults=[0, ''], num_epochs=1, shuffle=False)
print([{k: v.numpy().tolist() for k, v in b.items()} for b in ok])

for kwargs in [dict(label_name='nope'), dict(header=False), dict(select_columns=['zz'])]:
    try:
        tf.data.experimental.make_csv_dataset(path, batch_size=2, **kwargs)
    except (ValueError, KeyError) as e:
        print(type(e).__name__, str(e).replace(tmp, 'TMP'))
try:
    tf.data.experimental.make_csv_dataset(os.path.join(tmp, '*.tsv'), batch_size=2)
except ValueError as e:
    print(type(e).__name__, str(e).replace(tmp, 'TMP'))
