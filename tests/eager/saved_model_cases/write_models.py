# Run by GraphLens (tests/eager/saved_model_check.py and tests/oracle/record_saved_model.py):
# saves models with tf.saved_model.save under ./saved/ and prints, per SavedModel and signature,
# what GraphLens computes on fixed inputs (one JSON line each). Real TF loads the same files.
import json
import os

import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(3)
os.makedirs('saved', exist_ok=True)
X4 = np.linspace(-1.0, 1.0, 8, dtype='float32').reshape(2, 4)
results = []

inp = tf.keras.Input(shape=(4,), name='features')
h = tf.keras.layers.Dense(3, activation='tanh', name='hidden')(inp)
model = tf.keras.Model(inp, tf.keras.layers.Dense(2, activation='softmax', name='probs')(h))
tf.saved_model.save(model, 'saved/functional')
results.append(('functional', 'serving_default', {'inputs': X4}, {'output_0': model(X4)}))

seq = tf.keras.Sequential([tf.keras.layers.Input((4,)), tf.keras.layers.Dense(5, activation='relu'),
                           tf.keras.layers.Dense(1)])
tf.saved_model.save(seq, 'saved/sequential')
results.append(('sequential', 'serving_default', {'inputs': X4}, {'output_0': seq(X4)}))

a = tf.keras.Input(shape=(2,), name='a')
b = tf.keras.Input(shape=(3,), name='b')
joined = tf.keras.layers.Concatenate()([a, b])
two = tf.keras.Model([a, b], [tf.keras.layers.Dense(1, name='d1')(joined), tf.keras.layers.Dense(2, name='d2')(joined)])
tf.saved_model.save(two, 'saved/two_in_two_out')
A2 = np.array([[0.5, -1.0], [2.0, 0.25]], dtype='float32')
B3 = np.array([[1.0, 0.0, -1.0], [0.5, 0.5, 0.5]], dtype='float32')
o1, o2 = two([A2, B3])
results.append(('two_in_two_out', 'serving_default', {'inputs': A2, 'inputs_1': B3}, {'output_0': o1, 'output_1': o2}))


class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([1.5, -2.0, 0.5])
        self.b = tf.Variable(0.25)

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def affine(self, x):
        return {'y': x * self.w + self.b, 'total': tf.reduce_sum(x * self.w, axis=1)}

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
    def count(self, n):
        return tf.range(n) * 2


s = Scaler()
tf.saved_model.save(s, 'saved/module', signatures={'affine': s.affine, 'count': s.count})
X3 = np.array([[1.0, 2.0, 3.0], [-1.0, 0.0, 4.0]], dtype='float32')
results.append(('module', 'affine', {'x': X3}, s.affine(tf.constant(X3))))
results.append(('module', 'count', {'n': np.int32(4)}, {'output_0': s.count(tf.constant(4))}))

for saved, key, inputs, outputs in results:
    print(json.dumps({'model': saved, 'signature': key,
                      'inputs': {k: np.asarray(v).tolist() for k, v in sorted(inputs.items())},
                      'outputs': {k: np.asarray(v).tolist() for k, v in sorted(outputs.items())}}))
