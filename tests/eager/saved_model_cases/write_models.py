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


# A tf.Module saved as a TF2 SavedModel (object graph): its restored functions are called by
# attribute, gradients flow through them (a saved custom gradient included), here after
# GraphLens loads the files again and in TF.
@tf.custom_gradient
def clip_gradients(y):
    def backward(dy):
        return tf.clip_by_norm(dy, 0.5)
    return y, backward


class Dense(tf.Module):
    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0, -2.0], [0.5, 3.0]], name='w')
        self.b = tf.Variable([0.25, -0.5], name='b')

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def __call__(self, x):
        return tf.nn.relu(tf.matmul(x, self.w) + self.b)


class Net(tf.Module):
    def __init__(self):
        super().__init__()
        self.dense = Dense()
        self.scale = tf.Variable(2.0, name='scale')
        self.offset = tf.constant(1.0)

    @tf.function(input_signature=[tf.TensorSpec(None)])
    def clipped(self, x):
        return clip_gradients(x * self.scale)

    @tf.function
    def poly(self, x):
        return self.scale * x * x + self.offset

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def piecewise(self, x):
        if x > 0:
            y = x * self.scale
        else:
            y = -x
        total = tf.constant(0.0)
        for i in tf.range(3):
            total += y * tf.cast(i, tf.float32)
        return {'y': y, 'total': total}

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
    def forward(self, x):
        return self.dense(x) * self.scale


net = Net()
net.poly(tf.constant(3.0))
net.poly(tf.constant([1.0, 2.0]))
tf.saved_model.save(net, 'saved/tf2_module')
X2 = np.array([[1.0, 2.0], [-3.0, 0.5]], dtype='float32')
calls = [('forward', [X2]), ('poly', [np.float32(3.0)]), ('poly', [np.array([1.0, 2.0], 'float32')]),
         ('piecewise', [np.float32(1.5)]), ('piecewise', [np.float32(-2.0)]), ('clipped', [np.float32(3.0)]),
         ('dense', [X2])]
watched = ['dense.w', 'dense.b', 'scale']


def attr(obj, path):
    for part in path.split('.'):
        obj = getattr(obj, part)
    return obj


def run_call(model, fn, args):
    tensors = [tf.constant(a) for a in args]
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(tensors)
        out = attr(model, fn)(*tensors)
        flat = tf.nest.flatten(out)
        total = tf.add_n([tf.reduce_sum(t) for t in flat])
    grads = tape.gradient(total, [attr(model, v) for v in watched] + tensors)
    named = {v: g for v, g in zip(watched + ['arg_%d' % i for i in range(len(args))], grads) if g is not None}
    return ({'output_%d' % i: t for i, t in enumerate(flat)}, named)


reloaded = tf.saved_model.load('saved/tf2_module')
for fn, args in calls:
    outs, grads = run_call(net, fn, args)
    again, again_grads = run_call(reloaded, fn, args)
    results.append(('tf2_module', 'function:' + fn, {'arg_%d' % i: a for i, a in enumerate(args)}, outs,
                    {'gradients': {k: np.asarray(v).tolist() for k, v in sorted(grads.items())},
                     'reloaded': {k: np.asarray(v).tolist() for k, v in sorted(again.items())},
                     'reloaded_gradients': {k: np.asarray(v).tolist() for k, v in sorted(again_grads.items())}}))

for saved, key, inputs, outputs, *more in results:
    line = {'model': saved, 'signature': key,
            'inputs': {k: np.asarray(v).tolist() for k, v in sorted(inputs.items())},
            'outputs': {k: np.asarray(v).tolist() for k, v in sorted(outputs.items())}}
    line.update(more[0] if more else {})
    print(json.dumps(line))
