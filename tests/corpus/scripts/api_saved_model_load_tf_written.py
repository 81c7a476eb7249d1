# tf.saved_model.load of SavedModels real TF 2.21 wrote (TF2 format, in saved_models/, written by
# tests/oracle/write_tf_saved_models.py): signatures' specs and outputs with restored variables.
import numpy as np
import tensorflow as tf

k = tf.saved_model.load('saved_models/keras_functional')
f = k.signatures['serving_default']
print(sorted(k.signatures), f.structured_input_signature, sorted(f.structured_outputs.items()))
X = np.linspace(-1, 1, 8, dtype='float32').reshape(2, 4)
print(np.round(f(inputs=tf.constant(X))['output_0'].numpy(), 5))
m = tf.saved_model.load('saved_models/module')
print(sorted(m.signatures), sorted(m.signatures['scale'].structured_outputs.items()))
res = m.signatures['scale'](x=tf.constant([[1.0, 2.0], [-0.5, 4.0]]))
print({key: v.numpy().tolist() for key, v in sorted(res.items())})
print(m.signatures['count'](n=tf.constant(5))['output_0'].numpy().tolist())
