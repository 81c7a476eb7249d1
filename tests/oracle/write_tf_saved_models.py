#!/usr/bin/env python3
"""Writes the SavedModels real TF 2.21 saves (TF2 format: object graph, functions, checkpoint) that
corpus script api_saved_model_load_tf_written.py loads: tests/corpus/scripts/saved_models/.

    tests/oracle/venv/bin/python tests/oracle/write_tf_saved_models.py
"""
import os
import shutil

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
import tensorflow as tf

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "corpus", "scripts", "saved_models")


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    tf.keras.utils.set_random_seed(1)
    inp = tf.keras.Input(shape=(4,), name='features')
    x = tf.keras.layers.Dense(3, activation='tanh', name='hidden')(inp)
    model = tf.keras.Model(inp, tf.keras.layers.Dense(2, name='logits')(x))
    tf.saved_model.save(model, os.path.join(OUT, 'keras_functional'))

    class Scaler(tf.Module):
        def __init__(self):
            super().__init__()
            self.v = tf.Variable([2.0, 3.0])

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def scale(self, x):
            return {'scaled': x * self.v, 'sum': tf.reduce_sum(x * self.v, axis=1)}

        @tf.function(input_signature=[tf.TensorSpec([], tf.int32)])
        def count(self, n):
            return tf.range(n)

    m = Scaler()
    tf.saved_model.save(m, os.path.join(OUT, 'module'), signatures={'scale': m.scale, 'count': m.count})
    write_restored_module()
    print("wrote", sorted(os.listdir(OUT)))


def write_restored_module():
    # A tf.Module whose loaded form scripts call as objects (TF2 object graph): variables,
    # a submodule, a method with an input signature, one traced for two signatures, control
    # flow in a function body, and a custom gradient saved with experimental_custom_gradients.
    @tf.custom_gradient
    def clip_gradients(y):
        def backward(dy):
            return tf.clip_by_norm(dy, 0.5)
        return y, backward

    class Dense(tf.Module):
        def __init__(self):
            super().__init__()
            self.w = tf.Variable([[1.0, -2.0], [0.5, 3.0]], name='w')
            self.b = tf.Variable([0.25, -0.5], name='b', trainable=True)

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def __call__(self, x):
            return tf.nn.relu(tf.matmul(x, self.w) + self.b)

    class Model(tf.Module):
        def __init__(self):
            super().__init__()
            self.dense = Dense()
            self.scale = tf.Variable(2.0, name='scale')
            self.steps = tf.Variable(0, name='steps', trainable=False)

        @tf.function(input_signature=[tf.TensorSpec(None)])
        def call_custom_grad(self, x):
            return clip_gradients(x)

        @tf.function
        def poly(self, x):
            return self.scale * x * x + 1.0

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

        @tf.function(input_signature=[])
        def bump(self):
            self.steps.assign_add(1)
            return self.steps.read_value()

        @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32)])
        def forward(self, x):
            return self.dense(x) * self.scale

    m = Model()
    m.poly(tf.constant(3.0))
    m.poly(tf.constant([1.0, 2.0]))
    tf.saved_model.save(m, os.path.join(OUT, 'restored'),
                        options=tf.saved_model.SaveOptions(experimental_custom_gradients=True))


if __name__ == "__main__":
    main()
