# tf.saved_model.save: the seeds' CI check (an .h5 model loaded and saved as a SavedModel), a
# Sequential model, a tf.Module with a signature-bearing tf.function, explicit signatures, errors.
import os
import tempfile

import numpy as np
import tensorflow as tf

tmp = tempfile.mkdtemp()
tf.keras.utils.set_random_seed(7)
inp = tf.keras.Input(shape=(4,), name='features')
x = tf.keras.layers.Dense(3, activation='relu', name='hidden')(inp)
out = tf.keras.layers.Dense(2, name='logits')(x)
model = tf.keras.Model(inp, out)
model.save(os.path.join(tmp, 'model.h5'))
m = tf.keras.models.load_model(os.path.join(tmp, 'model.h5'))
print(tf.saved_model.save(m, os.path.join(tmp, 'model_saved')))
print(sorted(os.listdir(os.path.join(tmp, 'model_saved'))), sorted(os.listdir(os.path.join(tmp, 'model_saved', 'variables'))))
print(os.listdir(os.path.join(tmp, 'model_saved', 'assets')))
print(np.round(m(np.arange(8, dtype='float32').reshape(2, 4)).numpy(), 4))

seq = tf.keras.Sequential([tf.keras.layers.Input((3,)), tf.keras.layers.Dense(2)])
tf.saved_model.save(seq, os.path.join(tmp, 'seq_saved'))
print(os.path.isfile(os.path.join(tmp, 'seq_saved', 'saved_model.pb')))


class Scaler(tf.Module):
    def __init__(self):
        super().__init__()
        self.v = tf.Variable(2.0)

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])
    def scale(self, x):
        return {'scaled': x * self.v}


s = Scaler()
tf.saved_model.save(s, os.path.join(tmp, 'module_saved'))
print(s.scale(tf.constant([1.0, 2.0])))


@tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
def inc(x):
    return x + 1


tf.saved_model.save(tf.Module(), os.path.join(tmp, 'fn_saved'), signatures=inc)
tf.saved_model.save(tf.Module(), os.path.join(tmp, 'many_saved'),
                    signatures={'inc': inc, 'double': tf.function(lambda x: x * 2).get_concrete_function(tf.TensorSpec([2]))})
print(sorted(os.listdir(os.path.join(tmp, 'many_saved'))))
try:
    tf.saved_model.save(tf.Module(), os.path.join(tmp, 'bad'), signatures=lambda x: x)
except ValueError as e:
    print('ValueError', str(e).split(', but got')[0])
try:
    tf.saved_model.save(tf.Module(), os.path.join(tmp, 'bad2'), signatures=tf.function(lambda x: x))
except ValueError as e:
    print('ValueError', str(e).split(', but got')[0])
