#!/usr/bin/env python3
"""Generate real TensorFlow models for GraphLens tests and benchmarks.

  gen_models.py small      [--data-dir tests/data]
      tests/data/keras_control_flow/   Keras model, serving fn with tf.cond + tf.while_loop
      tests/data/tf_function_nested/   tf.Module: tf.function calling a tf.function + a variable
      tests/data/small_graphdef.pbtxt  as_graph_def() of a small concrete function (name scopes)
      tests/data/keras_mobile/         MobileNet-shaped Keras model (Pad, depthwise conv, batch norm)
  gen_models.py keras_mobile  (only that one)
  gen_models.py resnet50   [--out build/bench-models/resnet50]     (benchmarks, not committed)
  gen_models.py graph100k  [--out build/bench-models/graph100k.pb] (benchmark B1, not committed)
  gen_models.py all        (all three; bench outputs go to their defaults)

Run with the oracle venv: tests/oracle/venv/bin/python tests/oracle/gen_models.py small
Afterwards run record_generated.py to refresh tests/data/expected/generated.json.
"""

import argparse
import collections
import os
import shutil
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")
os.environ.setdefault("TF_DETERMINISTIC_OPS", "1")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from google.protobuf import text_format  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
DATA_DIR = os.path.join(REPO, "tests", "data")
# The build's GRAPHLENS_BENCH_DIR default: build/ of the checkout (git-ignored).
BENCH_DIR = os.path.join(REPO, "build", "bench-models")


def seed_everything():
    tf.random.set_seed(0)
    np.random.seed(0)
    try:
        import keras

        keras.utils.set_random_seed(0)
    except Exception:  # keras is optional for the plain-TF generators
        pass


def dir_size(path):
    if os.path.isfile(path):
        return os.path.getsize(path)
    total = 0
    for dirpath, _, files in os.walk(path):
        for fn in files:
            total += os.path.getsize(os.path.join(dirpath, fn))
    return total


def report(path):
    print("%-60s %10d bytes" % (path, dir_size(path)))
    if os.path.isdir(path):
        for dirpath, _, files in sorted(os.walk(path)):
            for fn in sorted(files):
                p = os.path.join(dirpath, fn)
                print("    %-56s %10d" % (os.path.relpath(p, path), os.path.getsize(p)))


def drop_empty_dirs(path):
    """tf.saved_model.save leaves an empty assets/; git would not keep it anyway."""
    for dirpath, dirnames, files in os.walk(path, topdown=False):
        if dirpath != path and not os.listdir(dirpath):
            os.rmdir(dirpath)


def fresh_dir(path):
    if os.path.exists(path):
        shutil.rmtree(path)
    os.makedirs(os.path.dirname(path), exist_ok=True)


# ----------------------------------------------------------------------------
# a. commit-sized models


def make_keras_control_flow(out_dir):
    import keras

    seed_everything()

    class ControlFlowModel(keras.Model):
        def __init__(self):
            super().__init__(name="control_flow_model")
            self.encoder = keras.layers.Dense(
                8, activation="relu", name="encoder",
                kernel_initializer=keras.initializers.GlorotUniform(seed=1))
            self.head = keras.layers.Dense(
                2, name="head", kernel_initializer=keras.initializers.GlorotUniform(seed=2))

        def call(self, x):
            h = self.encoder(x)
            # tf.cond on the sum of the input -> StatelessIf/If in the function body
            h = tf.cond(
                tf.reduce_sum(x) > 0.0,
                lambda: h * 2.0,
                lambda: h - 1.0,
            )

            # tf.while_loop repeating a small computation N times -> StatelessWhile/While
            def loop_cond(i, acc):
                return i < 3

            def loop_body(i, acc):
                return i + 1, tf.nn.relu(acc * 0.5 + 0.1)

            _, h = tf.while_loop(loop_cond, loop_body, [tf.constant(0), h])
            return self.head(h)

    model = ControlFlowModel()
    model(tf.zeros([1, 4]))  # build the variables

    @tf.function(input_signature=[tf.TensorSpec([None, 4], tf.float32, name="x")])
    def serve(x):
        return {"y": model(x)}

    fresh_dir(out_dir)
    tf.saved_model.save(model, out_dir, signatures={"serving_default": serve})
    drop_empty_dirs(out_dir)
    # sanity: reload and run through the signature
    loaded = tf.saved_model.load(out_dir)
    y = loaded.signatures["serving_default"](x=tf.ones([2, 4]))["y"]
    print("keras_control_flow: serving_default(ones[2,4]) ->", y.numpy().tolist())
    report(out_dir)


def make_keras_mobile(out_dir):
    """A small MobileNet-shaped Keras model: zero padding (Pad), a strided convolution, depthwise
    and pointwise convolutions with batch norm and ReLU6, global average pooling, softmax."""
    import keras

    seed_everything()
    init = keras.initializers.GlorotUniform
    inputs = keras.Input([16, 16, 3], name="x")
    h = keras.layers.ZeroPadding2D(((0, 1), (0, 1)), name="pad")(inputs)
    h = keras.layers.Conv2D(8, 3, strides=2, use_bias=False, kernel_initializer=init(seed=1), name="stem")(h)
    h = keras.layers.BatchNormalization(name="stem_bn")(h)
    h = keras.layers.ReLU(6.0, name="stem_relu")(h)
    h = keras.layers.DepthwiseConv2D(3, padding="same", depth_multiplier=2, use_bias=False,
                                     depthwise_initializer=init(seed=2), name="dw")(h)
    h = keras.layers.BatchNormalization(name="dw_bn")(h)
    h = keras.layers.ReLU(6.0, name="dw_relu")(h)
    h = keras.layers.Conv2D(16, 1, use_bias=False, kernel_initializer=init(seed=3), name="pw")(h)
    h = keras.layers.BatchNormalization(name="pw_bn")(h)
    h = keras.layers.ReLU(6.0, name="pw_relu")(h)
    h = keras.layers.GlobalAveragePooling2D(name="pool")(h)
    outputs = keras.layers.Dense(4, activation="softmax", kernel_initializer=init(seed=4), name="head")(h)
    model = keras.Model(inputs, outputs, name="mobile")
    # Batch norm statistics that are not the identity, so that folding them shows.
    rng = np.random.RandomState(5)
    for layer in model.layers:
        if isinstance(layer, keras.layers.BatchNormalization):
            n = layer.gamma.shape[0]
            layer.gamma.assign(rng.uniform(0.5, 1.5, n).astype(np.float32))
            layer.beta.assign(rng.uniform(-0.2, 0.2, n).astype(np.float32))
            layer.moving_mean.assign(rng.uniform(-0.1, 0.1, n).astype(np.float32))
            layer.moving_variance.assign(rng.uniform(0.5, 2.0, n).astype(np.float32))

    @tf.function(input_signature=[tf.TensorSpec([None, 16, 16, 3], tf.float32, name="x")])
    def serve(x):
        return {"probabilities": model(x, training=False)}

    fresh_dir(out_dir)
    module = tf.Module()
    module.model = model
    tf.saved_model.save(module, out_dir, signatures={"serving_default": serve})
    drop_empty_dirs(out_dir)
    loaded = tf.saved_model.load(out_dir)
    y = loaded.signatures["serving_default"](x=tf.ones([1, 16, 16, 3]))["probabilities"]
    print("keras_mobile: serving_default(ones[1,16,16,3]) ->", y.numpy().tolist())
    report(out_dir)


def make_tf_function_nested(out_dir):
    seed_everything()

    class Nested(tf.Module):
        def __init__(self):
            super().__init__(name="nested")
            self.scale = tf.Variable([0.5, 1.5, -2.0], name="scale")
            self.calls = tf.Variable(0, dtype=tf.int64, name="calls")

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
        def inner(self, x):
            with tf.name_scope("inner_block"):
                return x * self.scale + 1.0

        @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32, name="x")])
        def outer(self, x):
            with tf.name_scope("outer_block"):
                self.calls.assign_add(1)
                a = self.inner(x)          # nested StatefulPartitionedCall
                b = self.inner(x + 1.0)    # second call of the same function
                return {"y": tf.reduce_sum(a * b, axis=1)}

    m = Nested()
    fresh_dir(out_dir)
    tf.saved_model.save(m, out_dir, signatures={"serving_default": m.outer})
    drop_empty_dirs(out_dir)
    loaded = tf.saved_model.load(out_dir)
    y = loaded.signatures["serving_default"](x=tf.ones([2, 3]))["y"]
    print("tf_function_nested: serving_default(ones[2,3]) ->", y.numpy().tolist())
    report(out_dir)


def make_small_graphdef(out_path):
    seed_everything()

    @tf.function
    def small(x, w):
        with tf.name_scope("layer1"):
            a = tf.matmul(x, w, name="matmul")
            b = tf.nn.relu(a + tf.constant([0.5, -0.5], name="bias"), name="relu")
        with tf.name_scope("layer2"):
            with tf.name_scope("inner"):
                c = tf.tanh(b, name="tanh")
            d = tf.reduce_sum(c, axis=1, name="total")
        return tf.identity(d, name="result")

    cf = small.get_concrete_function(
        tf.TensorSpec([None, 2], tf.float32, name="x"),
        tf.TensorSpec([2, 2], tf.float32, name="w"),
    )
    gd = cf.graph.as_graph_def()
    os.makedirs(os.path.dirname(out_path), exist_ok=True)
    with open(out_path, "w", encoding="utf-8") as f:
        f.write(text_format.MessageToString(gd))
    print("small_graphdef: %d nodes" % len(gd.node))
    report(out_path)


# ----------------------------------------------------------------------------
# b. ResNet50 (benchmarks only)


def make_resnet50(out_dir):
    import keras

    seed_everything()
    model = keras.applications.ResNet50(weights=None)

    @tf.function(input_signature=[tf.TensorSpec([None, 224, 224, 3], tf.float32, name="input")])
    def serve(x):
        return {"predictions": model(x, training=False)}

    fresh_dir(out_dir)
    tf.saved_model.save(model, out_dir, signatures={"serving_default": serve})
    print("resnet50: %d params" % model.count_params())
    report(out_dir)


# ----------------------------------------------------------------------------
# c. ~100k-node GraphDef (benchmark B1)


def make_graph100k(out_path, blocks=200, layers=5, steps=20, wide=500):
    """blocks x layers x (steps*5) nodes plus one scope with `wide` direct nodes.

    Default: 200 x 5 x 100 = 100,000 nodes + block_0/wide (500 direct nodes) + input.
    """
    rng = np.random.RandomState(0)
    g = tf.Graph()
    with g.as_default():
        tf.compat.v1.random.set_random_seed(0)
        h = tf.compat.v1.placeholder(tf.float32, [None, 4], name="input")
        for b in range(blocks):
            with tf.name_scope("block_%d" % b):
                if b == 0 and wide:
                    with tf.name_scope("wide"):
                        # exactly `wide` direct children: Const/MatMul/AddV2/Relu/Identity x wide/5
                        x = h
                        for _ in range(wide // 5):
                            w = tf.constant(rng.standard_normal((4, 4)).astype(np.float32))
                            m = tf.linalg.matmul(x, w)
                            a = tf.math.add(m, x)
                            r = tf.nn.relu(a)
                            x = tf.identity(r)
                        h = x
                for layer in range(layers):
                    with tf.name_scope("layer_%d" % layer):
                        x = h
                        for s in range(steps):
                            w = tf.constant(rng.standard_normal((4, 4)).astype(np.float32))
                            m = tf.linalg.matmul(x, w)
                            a = tf.math.add(m, x)
                            kind = (b + layer + s) % 4
                            if kind == 0:
                                r = tf.nn.relu(a)
                            elif kind == 1:
                                r = tf.math.tanh(a)
                            elif kind == 2:
                                r = tf.math.sigmoid(a)
                            else:
                                r = tf.math.multiply(a, a)
                            x = tf.identity(r)
                        h = x
        tf.identity(h, name="output")
    gd = g.as_graph_def()
    data = gd.SerializeToString(deterministic=True)
    os.makedirs(os.path.dirname(out_path) or ".", exist_ok=True)
    with open(out_path, "wb") as f:
        f.write(data)

    direct = collections.Counter(n.name.rsplit("/", 1)[0] if "/" in n.name else "" for n in gd.node)
    ops = collections.Counter(n.op for n in gd.node)
    print("graph100k: %d nodes, %d bytes -> %s" % (len(gd.node), len(data), out_path))
    print("  ops:", dict(sorted(ops.items())))
    print("  scopes with most direct nodes:", direct.most_common(3))


# ----------------------------------------------------------------------------


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("what", choices=["small", "keras_mobile", "resnet50", "graph100k", "all"])
    ap.add_argument("--data-dir", default=DATA_DIR, help="for 'small' (default: tests/data)")
    ap.add_argument("--out", default=None, help="output path for resnet50 / graph100k")
    args = ap.parse_args()
    if args.what in ("small", "all"):
        make_keras_control_flow(os.path.join(args.data_dir, "keras_control_flow"))
        make_tf_function_nested(os.path.join(args.data_dir, "tf_function_nested"))
        make_small_graphdef(os.path.join(args.data_dir, "small_graphdef.pbtxt"))
    if args.what in ("small", "keras_mobile", "all"):
        make_keras_mobile(os.path.join(args.data_dir, "keras_mobile"))
    if args.what in ("resnet50", "all"):
        out = args.out if (args.out and args.what == "resnet50") else os.path.join(BENCH_DIR, "resnet50")
        make_resnet50(out)
    if args.what in ("graph100k", "all"):
        out = args.out if (args.out and args.what == "graph100k") else os.path.join(BENCH_DIR, "graph100k.pb")
        make_graph100k(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
