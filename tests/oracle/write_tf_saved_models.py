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
    print("wrote", sorted(os.listdir(OUT)))


if __name__ == "__main__":
    main()
