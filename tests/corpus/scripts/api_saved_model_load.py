# tf.saved_model.load: a Keras model's and a tf.Module's SavedModels saved and loaded back, their
# signatures' specs and outputs; a missing directory.
import os
import tempfile

import numpy as np
import tensorflow as tf

tmp = tempfile.mkdtemp()
tf.keras.utils.set_random_seed(5)
inp = tf.keras.Input(shape=(4,), name='features')
h = tf.keras.layers.Dense(3, activation='tanh', name='hidden')(inp)
model = tf.keras.Model(inp, tf.keras.layers.Dense(2, name='logits')(h))
tf.saved_model.save(model, os.path.join(tmp, 'keras'))
loaded = tf.saved_model.load(os.path.join(tmp, 'keras'))
f = loaded.signatures['serving_default']
print(list(loaded.signatures.keys()), f.structured_input_signature, f.structured_outputs)
X = np.linspace(-1, 1, 8, dtype='float32').reshape(2, 4)
out = f(inputs=tf.constant(X))
print(sorted(out), np.round(out['output_0'].numpy(), 5), np.allclose(out['output_0'].numpy(), model(X).numpy()))


class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable([2.0, -3.0])

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def scale(self, x):
        return {'scaled': x * self.v, 'total': tf.reduce_sum(x * self.v, axis=1)}

    @tf.function(input_signature=[tf.TensorSpec([], tf.int32, name='n')])
    def count(self, n):
        return tf.range(n) * 2


s = Scaler()
tf.saved_model.save(s, os.path.join(tmp, 'module'), signatures={'scale': s.scale, 'count': s.count})
m = tf.saved_model.load(os.path.join(tmp, 'module'))
print(sorted(m.signatures), m.signatures['count'].structured_input_signature)
res = m.signatures['scale'](x=tf.constant([[1.0, 2.0], [0.5, -1.0]]))
print({k: v.numpy().tolist() for k, v in sorted(res.items())})
print(m.signatures['count'](n=tf.constant(4))['output_0'].numpy().tolist())
s.v.assign([10.0, 10.0])
print(m.signatures['scale'](x=tf.constant([[1.0, 1.0]]))['total'].numpy().tolist())
# two models whose variables have the same names keep their own values
tf.keras.utils.set_random_seed(6)
inp2 = tf.keras.Input(shape=(4,), name='features')
h2 = tf.keras.layers.Dense(3, activation='tanh', name='hidden')(inp2)
model2 = tf.keras.Model(inp2, tf.keras.layers.Dense(2, name='logits')(h2))
tf.saved_model.save(model2, os.path.join(tmp, 'keras2'))
loaded2 = tf.saved_model.load(os.path.join(tmp, 'keras2'))
o1 = loaded.signatures['serving_default'](inputs=tf.constant(X))['output_0'].numpy()
o2 = loaded2.signatures['serving_default'](inputs=tf.constant(X))['output_0'].numpy()
print(np.allclose(o1, model(X).numpy()), np.allclose(o2, model2(X).numpy()), np.allclose(o1, o2))
try:
    tf.saved_model.load(os.path.join(tmp, 'missing'))
except OSError as e:
    print(type(e).__name__, str(e).replace(tmp, '<tmp>'))
