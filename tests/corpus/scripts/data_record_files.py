# tf.data over files: TextLineDataset (line ends '\n' and '\r\n', no final newline, several files,
# empty lines), tf.io.TFRecordWriter then TFRecordDataset (records, empty record, reprs,
# cardinality), and the errors TF's readers raise: a missing file, a truncated and a corrupted record.
import os
import tempfile

import tensorflow as tf

tmp = tempfile.mkdtemp()
a = os.path.join(tmp, 'a.txt')
b = os.path.join(tmp, 'b.txt')
with open(a, 'wb') as f:
    f.write(b'first line\nsecond\r\n\nlast without newline')
with open(b, 'w') as f:
    f.write('x,1\ny,2\n')

lines = tf.data.TextLineDataset([a, b])
print(type(lines).__name__, lines.element_spec, lines.cardinality().numpy())
print(list(lines.as_numpy_iterator()))
print([l.numpy() for l in tf.data.TextLineDataset(b).map(lambda s: tf.strings.split(s, ',')[0])])

rec = os.path.join(tmp, 'r.tfrecord')
with tf.io.TFRecordWriter(rec) as w:
    for i in range(3):
        w.write(('record %d' % i).encode())
    w.write(b'')
    w.write(tf.constant('from a tensor').numpy())
records = tf.data.TFRecordDataset(rec)
print(type(records).__name__, records.element_spec, records.cardinality().numpy())
print(list(records.as_numpy_iterator()))
print(os.path.getsize(rec))
print(list(tf.data.TFRecordDataset([rec, rec]).skip(3).take(4).as_numpy_iterator()))

with open(rec, 'rb') as f:
    data = f.read()


def read_all(path):
    out = []
    try:
        for r in tf.data.TFRecordDataset(path):
            out.append(r.numpy())
    except tf.errors.OpError as e:
        print(type(e).__name__, e.message.split('}} ')[-1].replace(tmp, 'TMP'))
    return out


trunc = os.path.join(tmp, 'trunc.tfrecord')
with open(trunc, 'wb') as f:
    f.write(data[:-5])
print(read_all(trunc))
bad = os.path.join(tmp, 'bad.tfrecord')
with open(bad, 'wb') as f:
    f.write(data[:20] + b'X' + data[21:])
print(read_all(bad))
print(read_all(os.path.join(tmp, 'missing.tfrecord')))
try:
    for line in tf.data.TextLineDataset(os.path.join(tmp, 'nope.txt')):
        pass
except tf.errors.NotFoundError as e:
    print(type(e).__name__, e.message.split('}} ')[-1].replace(tmp, 'TMP'))
