#!/usr/bin/env python3
"""Record tf.function graphs and what real TensorFlow computes with them (oracle for core/exec).

For each case: trace a tf.function, take its concrete function and write
  tests/exec/data/<case>.pb   the concrete function's graph.as_graph_def() (GraphDef with its
                              library), plus the concrete function's own FunctionDef appended to
                              the library so that it can also be run as a library function;
and an entry in tests/exec/data/cases.json:
  name, function (the FunctionDef's name), feeds (graph input tensor names), fetches (graph
  output tensor names), and calls: for each call, the inputs (args, then captured variables as
  {"variable": name, "value": ...}), the outputs TF computed, the variables' values after the
  call, what PrintV2 wrote to stderr, or the error text when the call fails.

Also records one real fixture (rust_addition, a frozen GraphDef) run with tf.compat.v1.Session.

Run: TF_CPP_MIN_LOG_LEVEL=3 CUDA_VISIBLE_DEVICES=-1 tests/oracle/venv/bin/python tests/oracle/record_exec.py
"""

import json
import os
import sys
import tempfile

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "-1")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(REPO, "tests", "exec", "data")
# The shared fixtures beside the checkout, as the build's GRAPHLENS_FIXTURES_DIR (the environment
# variable of that name overrides it).
FIXTURES = os.environ.get("GRAPHLENS_FIXTURES_DIR") or os.path.normpath(os.path.join(REPO, "..", "shared", "fixtures", "tf"))


def normalise_paths(value):
    """The recording names no path of this machine: TF's tracebacks in error texts name this
    script by its absolute path; it becomes relative to the checkout ("tests/oracle/record_exec.py"),
    and a fixture's path becomes "<fixtures>/..."."""
    if isinstance(value, str):
        for root, placeholder in ((FIXTURES, "<fixtures>/"), (REPO, "")):
            for form in {os.path.abspath(root), os.path.realpath(root)}:
                value = value.replace(form + os.sep, placeholder)
        return value
    if isinstance(value, list):
        return [normalise_paths(v) for v in value]
    if isinstance(value, dict):
        return {k: normalise_paths(v) for k, v in value.items()}
    return value


def encode(value):
    """A tensor as {"dtype", "shape", "values"} (flat, row-major)."""
    a = np.asarray(value)
    dtype = tf.as_dtype(a.dtype).name
    if a.dtype.kind in "SUO":
        values = [v.decode("latin-1") if isinstance(v, bytes) else str(v) for v in a.reshape(-1).tolist()]
        dtype = "string"
    elif a.dtype.kind == "f":
        values = [float(v) for v in a.reshape(-1).tolist()]
        values = [v if np.isfinite(v) else str(v) for v in values]
    elif a.dtype.kind == "b":
        values = [bool(v) for v in a.reshape(-1).tolist()]
    else:
        values = [int(v) for v in a.reshape(-1).tolist()]
    return {"dtype": dtype, "shape": list(a.shape), "values": values}


class StderrCapture:
    """Captures what C++ writes to fd 2 (PrintV2's stderr) during a call."""

    def __enter__(self):
        sys.stderr.flush()
        self.file = tempfile.TemporaryFile(mode="w+b")
        self.saved = os.dup(2)
        os.dup2(self.file.fileno(), 2)
        return self

    def __exit__(self, *exc):
        sys.stderr.flush()
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.file.seek(0)
        self.text = self.file.read().decode("utf-8")
        self.file.close()
        return False


def record_case(name, fn, signature, calls, variables=(), extra_functions=(), note=None):
    """fn: a tf.function; signature: TensorSpecs; calls: lists of argument values."""
    cf = fn.get_concrete_function(*signature)
    gdef = cf.graph.as_graph_def()
    fdef = cf.function_def
    gdef.library.function.add().CopyFrom(fdef)
    for extra in extra_functions:
        if not any(f.signature.name == extra.signature.name for f in gdef.library.function):
            gdef.library.function.add().CopyFrom(extra)
    with open(os.path.join(OUT, name + ".pb"), "wb") as f:
        f.write(gdef.SerializeToString())

    captured = {}
    for v in variables:
        captured[id(v.handle)] = v
    var_by_capture = []
    for t in cf.captured_inputs:
        var = next((v for v in variables if v.handle is t), None)
        if var is None:
            raise RuntimeError(f"{name}: captured input {t} is not a listed variable")
        var_by_capture.append(var)

    entry = {
        "name": name,
        "function": fdef.signature.name,
        "feeds": [t.name for t in cf.inputs],
        "fetches": [t.name for t in cf.outputs],
        "calls": [],
    }
    if note:
        entry["note"] = note
    for args in calls:
        call = {"inputs": [encode(a) for a in args]}
        for var in var_by_capture:
            call["inputs"].append({"variable": var.name, "value": encode(var.numpy())})
        tensors = [tf.constant(a, dtype=s.dtype) for a, s in zip(args, signature)]
        with StderrCapture() as cap:
            try:
                result = cf(*tensors)
                error = None
            except tf.errors.OpError as e:
                result = None
                error = {"class": type(e).__name__, "message": e.message}
        if error:
            call["error"] = error
        else:
            flat = tf.nest.flatten(result)
            call["outputs"] = [encode(t.numpy()) for t in flat]
        call["variables_after"] = [{"variable": v.name, "value": encode(v.numpy())} for v in var_by_capture]
        call["printed"] = cap.text
        entry["calls"].append(call)
    return entry


def f32(*shape):
    return tf.TensorSpec(shape, tf.float32)


def i32(*shape):
    return tf.TensorSpec(shape, tf.int32)


def cases():
    out = []

    @tf.function
    def add_one(x):
        return x + 1.0

    # Also the per-call overhead benchmark's function (tests/bench/exec_overhead.cpp).
    out.append(record_case("add_one", add_one, [f32()], [[np.float32(41.0)]]))

    @tf.function
    def arithmetic(x, y):
        return x * y + 2.0 - x / y, tf.reduce_sum(x) * 3.0

    out.append(record_case("arithmetic", arithmetic, [f32(3), f32(3)],
                           [[np.array([1.0, 2.5, -3.0], np.float32), np.array([2.0, 4.0, 0.5], np.float32)]]))

    w = np.arange(12, dtype=np.float32).reshape(3, 4) / 10.0 - 0.5
    b = np.array([0.1, -0.2, 0.3, -0.4], np.float32)

    @tf.function
    def dense_relu(x):
        return tf.nn.relu(tf.nn.bias_add(tf.matmul(x, w), b))

    out.append(record_case("dense_relu", dense_relu, [f32(2, 3)],
                           [[np.array([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]], np.float32)]]))

    @tf.function
    def cond_stateless(x):
        return tf.cond(x > 0, lambda: x * 2.0, lambda: -x + 1.0)

    out.append(record_case("cond_stateless", cond_stateless, [f32()],
                           [[np.float32(3.0)], [np.float32(-2.0)]]))

    counter = tf.Variable(10.0, name="counter")

    @tf.function
    def cond_stateful(x):
        def then():
            counter.assign_add(x)
            return counter.read_value()
        return tf.cond(x > 0, then, lambda: x * 0.5)

    out.append(record_case("cond_stateful", cond_stateful, [f32()],
                           [[np.float32(2.0)], [np.float32(-4.0)]], [counter]))

    @tf.function
    def while_loop(n):
        i = tf.constant(0)
        s = tf.constant(0.0)
        return tf.while_loop(lambda i, s: i < n, lambda i, s: (i + 1, s + tf.cast(i, tf.float32) * 0.5), [i, s])

    out.append(record_case("while_loop", while_loop, [i32()], [[np.int32(5)], [np.int32(0)]]))

    @tf.function
    def autograph_while(x):
        steps = 0
        while x > 1.0:
            x = x / 2.0
            steps += 1
        return x, steps

    out.append(record_case("autograph_while", autograph_while, [f32()], [[np.float32(37.0)]]))

    @tf.function
    def autograph_for_range(n):
        total = tf.constant(0)
        for i in tf.range(n):
            if i % 3 == 0:
                total += i * i
            else:
                total -= 1
        return total

    out.append(record_case("autograph_for_range", autograph_for_range, [i32()], [[np.int32(10)]]))

    @tf.function
    def inner(a, b):
        return tf.matmul(a, b) + 1.0

    @tf.function
    def nested(x):
        return inner(x, tf.transpose(x)) * 2.0

    out.append(record_case("nested", nested, [f32(2, 2)], [[np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)]]))

    weights = tf.Variable([[0.5, -1.0], [2.0, 0.25]], name="weights")
    steps = tf.Variable(0, name="steps")

    @tf.function
    def variables(x):
        y = tf.matmul(x, weights)
        weights.assign_add(tf.ones_like(weights) * 0.5)
        steps.assign_add(1)
        return y, weights.read_value()

    out.append(record_case("variables", variables, [f32(1, 2)],
                           [[np.array([[1.0, 2.0]], np.float32)], [np.array([[-1.0, 0.5]], np.float32)]],
                           [weights, steps]))

    @tf.function
    def tensor_array(n):
        ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(n):
            ta = ta.write(i, tf.cast(i, tf.float32) * 1.5)
        return ta.stack()

    out.append(record_case("tensor_array", tensor_array, [i32()], [[np.int32(4)]]))

    @tf.function
    def printing(x):
        tf.print("x is", x, "sum", tf.reduce_sum(x))
        return x + 1.0

    out.append(record_case("printing", printing, [f32(2)], [[np.array([1.5, -2.0], np.float32)]]))

    @tf.function
    def gradient(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(x * x * 3.0 + 2.0 * x)
        return y, tape.gradient(y, x)

    out.append(record_case("gradient", gradient, [f32(3)], [[np.array([1.0, -2.0, 0.5], np.float32)]]))

    @tf.function
    def shapes_and_casts(x):
        flat = tf.reshape(x, [-1])
        return tf.cast(flat, tf.int32) * 2, tf.shape(x), tf.reduce_max(x, axis=0)

    out.append(record_case("shapes_and_casts", shapes_and_casts, [f32(2, 3)],
                           [[np.array([[1.7, -2.2, 3.0], [4.9, 5.1, -6.5]], np.float32)]]))

    @tf.function
    def cond_in_while(n):
        i = tf.constant(0)
        acc = tf.constant(1)
        while i < n:
            if i % 2 == 0:
                acc = acc * 2
            else:
                acc = acc + 3
            i += 1
        return acc

    out.append(record_case("cond_in_while", cond_in_while, [i32()], [[np.int32(6)]]))

    total = tf.Variable(0.5, name="total")

    @tf.function
    def accumulate(v):
        total.assign_add(v)
        return total.read_value()

    @tf.function
    def stateful_loop(n):
        i = tf.constant(0)
        last = tf.constant(0.0)
        while i < n:
            last = accumulate(tf.cast(i, tf.float32))
            i += 1
        return last

    out.append(record_case("stateful_loop", stateful_loop, [i32()], [[np.int32(4)]], [total]))

    @tf.function
    def reshape_error(x):
        return tf.reshape(x, [2, -1]) * 2.0

    out.append(record_case("reshape_error", reshape_error, [f32(None)],
                           [[np.array([1.0, 2.0, 3.0, 4.0], np.float32)], [np.array([1.0, 2.0, 3.0], np.float32)]]))

    @tf.function
    def switch_case(i, x):
        return tf.switch_case(i, [lambda: x * 10.0, lambda: x - 1.0, lambda: tf.reduce_sum(x) + x])

    # Out of range (7, -1): TF runs the last branch.
    out.append(record_case("switch_case", switch_case, [i32(), f32(2)],
                           [[np.int32(i), np.array([1.5, -2.0], np.float32)] for i in (0, 1, 2, 7, -1)]))

    w_train = tf.Variable([[0.5, -0.25], [0.125, 1.0], [-0.75, 0.5]], name="w_train")
    b_train = tf.Variable([0.1, -0.1], name="b_train")

    @tf.function
    def train_step(x, y):
        with tf.GradientTape() as tape:
            pred = tf.nn.relu(tf.matmul(x, w_train) + b_train)
            loss = tf.reduce_mean(tf.square(pred - y))
        gw, gb = tape.gradient(loss, [w_train, b_train])
        w_train.assign_sub(0.1 * gw)
        b_train.assign_sub(0.1 * gb)
        return loss

    xs = np.array([[1.0, 2.0, -1.0], [0.5, -0.5, 2.0]], np.float32)
    ys = np.array([[1.0, 0.0], [0.0, 1.0]], np.float32)
    out.append(record_case("train_step", train_step, [f32(2, 3), f32(2, 2)], [[xs, ys], [xs, ys], [xs, ys]],
                           [w_train, b_train]))

    @tf.function
    def concat_transpose_gradient(a, b):
        with tf.GradientTape() as tape:
            tape.watch([a, b])
            c = tf.concat([a, b * 2.0], axis=1)
            loss = tf.reduce_sum(tf.transpose(c, [1, 0]) * tf.constant([[1.0], [2.0], [3.0], [4.0], [5.0]]))
        return tape.gradient(loss, [a, b])

    # The gradients use ConcatOffset and InvertPermutation.
    out.append(record_case("concat_transpose_gradient", concat_transpose_gradient, [f32(None, 2), f32(None, 3)],
                           [[np.ones((2, 2), np.float32), np.full((2, 3), 0.5, np.float32)]]))

    tf.random.set_seed(5)

    @tf.function
    def random_uniform(x):
        return x + tf.random.uniform([3], seed=7), tf.random.uniform([3], seed=7)

    # Each stateful random node has its own stream (two nodes with the same seeds draw the same
    # values), continuing across calls.
    out.append(record_case("random_uniform", random_uniform, [f32(3)], [[np.zeros(3, np.float32)]] * 2))

    @tf.function
    def reshape_inner(x):
        return tf.reshape(x, [2, -1])

    @tf.function
    def nested_error(x):
        return reshape_inner(x) * 2.0

    # TF names only the innermost failing node: "[[{{node Reshape}}]]", not the call.
    out.append(record_case("nested_error", nested_error, [f32(None)],
                           [[np.array([1.0, 2.0, 3.0, 4.0], np.float32)], [np.array([1.0, 2.0, 3.0], np.float32)]]))

    # tf.data inside a function: RangeDataset, MapDataset, FilterDataset, TakeDataset with library
    # functions, consumed by ReduceDataset.
    @tf.function
    def dataset_pipeline(n):
        ds = tf.data.Dataset.range(n).map(lambda x: x * 2).filter(lambda x: x % 3 != 0).take(4)
        return ds.reduce(tf.constant(0, tf.int64), lambda a, b: a + b)

    out.append(record_case("dataset_pipeline", dataset_pipeline, [tf.TensorSpec([], tf.int64)],
                           [[np.int64(10)], [np.int64(3)], [np.int64(0)]]))

    # AutoGraph's `for` over a dataset with a break: ScanDataset, TakeWhileDataset, ReduceDataset.
    @tf.function
    def dataset_loop(n):
        s = tf.constant(0, tf.int64)
        for x in tf.data.Dataset.range(n):
            if x > 5:
                break
            s += x * x
        return s

    out.append(record_case("dataset_loop", dataset_loop, [tf.TensorSpec([], tf.int64)],
                           [[np.int64(4)], [np.int64(20)]]))

    out.append(dangling_stateful())
    return out


DANGLING = """
signature { name: "dangling" input_arg { name: "x" type: DT_FLOAT } input_arg { name: "v" type: DT_RESOURCE }
  output_arg { name: "y" type: DT_FLOAT } is_stateful: true }
node_def { name: "fmt" op: "Const" attr { key: "dtype" value { type: DT_STRING } }
  attr { key: "value" value { tensor { dtype: DT_STRING tensor_shape {} string_val: "side effect" } } } }
node_def { name: "print" op: "PrintV2" input: "fmt:output:0" attr { key: "output_stream" value { s: "stderr" } }
  attr { key: "end" value { s: "\\n" } } }
node_def { name: "bump" op: "AssignAddVariableOp" input: "v" input: "x" attr { key: "dtype" value { type: DT_FLOAT } } }
node_def { name: "double" op: "Mul" input: "x" input: "x" attr { key: "T" value { type: DT_FLOAT } } }
ret { key: "y" value: "double:z:0" }
"""


def dangling_stateful():
    """A function body whose stateful ops (PrintV2, AssignAddVariableOp) feed no output and are
    no control output. TF's function runtime runs them; Grappler (on by default) prunes them in
    nested calls, so this case is recorded with the meta optimizer off: the executor has no
    graph passes yet (issue #6)."""
    from google.protobuf import text_format
    from tensorflow.core.framework import function_pb2
    from tensorflow.python.eager import context

    fdef = text_format.Parse(DANGLING, function_pb2.FunctionDef())
    context.context().add_function_def(fdef)
    bumped = tf.Variable(1.0, name="bumped")

    @tf.function
    def calls_dangling(x):
        return tf.raw_ops.StatefulPartitionedCall(args=[x, bumped.handle], Tout=[tf.float32], f="dangling")[0]

    tf.config.optimizer.set_experimental_options({"disable_meta_optimizer": True})
    try:
        return record_case("dangling_stateful", calls_dangling, [f32()], [[np.float32(2.0)]], [bumped], [fdef],
                           note="recorded with disable_meta_optimizer: with Grappler on, TF 2.21 prunes "
                                "the dangling PrintV2 and AssignAddVariableOp")
    finally:
        tf.config.optimizer.set_experimental_options({"disable_meta_optimizer": False})


def load_graph(rel):
    from tensorflow.core.framework import graph_pb2

    gdef = graph_pb2.GraphDef()
    if rel.endswith(".pbtxt"):
        from google.protobuf import text_format

        with open(os.path.join(FIXTURES, rel)) as f:
            text_format.Parse(f.read(), gdef)
    else:
        with open(os.path.join(FIXTURES, rel), "rb") as f:
            gdef.ParseFromString(f.read())
    g = tf.Graph()
    with g.as_default():
        tf.compat.v1.import_graph_def(gdef, name="")
    return g


def fixture_entry(rel, feeds, fetches, inputs, missing=()):
    g = load_graph(rel)
    with tf.compat.v1.Session(graph=g) as sess:
        results = sess.run(fetches, dict(zip(feeds, inputs)))
    return {"path": rel, "feeds": feeds, "fetches": fetches, "inputs": [encode(a) for a in inputs],
            "outputs": [encode(r) for r in results], "missing_ops": list(missing)}


def fixture_cases():
    """Real files from the shared fixtures (FIXTURES), run with a v1 Session."""
    out = []
    out.append(fixture_entry("rust_addition/model.pb", ["x:0", "y:0"], ["z:0"],
                             [np.array(3, np.int32), np.array(-5, np.int32)]))
    rng = np.random.RandomState(7)
    x = rng.uniform(-1, 1, size=(2, 784)).astype(np.float32)
    out.append(fixture_entry("tf2onnx_fc_layers_frozen/frozen.pb", ["X:0"], ["output:0"], [x]))
    # A TF1 conditional (Switch/Merge) on constants, and TF1 while loops (one inside another).
    out.append(fixture_entry("tf_grappler_pbtxt/merge_without_loops.pbtxt", [], ["concat:0"], []))
    out.append(fixture_entry("tf_grappler_pbtxt/while_loop.pbtxt", ["ones:0"], ["while/Exit:0", "while/Exit_1:0"],
                             [np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)]))
    out.append(fixture_entry("tf_grappler_pbtxt/nested_loop.pbtxt", [], ["while/Exit:0", "while/Exit_1:0"], []))

    # The speech model decodes a WAV with ops GraphLens lacks (DecodeWav, AudioSpectrogram, Mfcc):
    # compiling the whole graph must name them; fed at Mfcc, the conv net runs.
    rel = "speech_commands_conv_frozen/frozen_graph.pb"
    wave = (0.3 * np.sin(np.arange(16000, dtype=np.float32) * 0.07)).reshape(16000, 1)
    wav = tf.audio.encode_wav(wave, 16000).numpy()
    g = load_graph(rel)
    with tf.compat.v1.Session(graph=g) as sess:
        mfcc, probs = sess.run(["Mfcc:0", "labels_softmax:0"], {"wav_data:0": wav})
    out.append({"path": rel, "feeds": ["Mfcc:0"], "fetches": ["labels_softmax:0"], "inputs": [encode(mfcc)],
                "outputs": [encode(probs)], "missing_ops": ["AudioSpectrogram", "DecodeWav", "Mfcc"],
                "whole_graph_fetch": "labels_softmax:0", "whole_graph_feed": "wav_data:0"})
    return out


def saved_model_cases():
    """SavedModel signatures run after tf.saved_model.load (variables restored from the checkpoint)."""
    out = []
    rng = np.random.RandomState(11)
    for root, rel, key, inputs in [
        ("repo", "resources/examples/keras_control_flow", "serving_default",
         {"x": rng.uniform(-2, 2, size=(3, 4)).astype(np.float32)}),
        ("fixtures", "serving_half_plus_two_tf2_cpu", "serving_default",
         {"x": np.array([[1.0], [-3.5]], np.float32)}),
        ("repo", "tests/data/keras_mobile", "serving_default",
         {"x": rng.uniform(-1, 1, size=(2, 16, 16, 3)).astype(np.float32)}),
    ]:
        path = os.path.join(REPO if root == "repo" else FIXTURES, rel)
        loaded = tf.saved_model.load(path)
        fn = loaded.signatures[key]
        results = fn(**{k: tf.constant(v) for k, v in inputs.items()})
        out.append({"root": root, "path": rel, "signature": key,
                    "inputs": {k: encode(v) for k, v in inputs.items()},
                    "outputs": {k: encode(v.numpy()) for k, v in results.items()}})
    return out


def unfed_placeholder_cases():
    """Session runs of a recorded graph with a placeholder left unfed: TF's error text."""
    from tensorflow.core.framework import graph_pb2

    out = []
    for fed, value in (("x:0", np.array([1.0, 2.0, 3.0], np.float32)), ("y:0", np.array([1.0, 2.0, 3.0], np.float32))):
        gdef = graph_pb2.GraphDef()
        with open(os.path.join(OUT, "arithmetic.pb"), "rb") as f:
            gdef.ParseFromString(f.read())
        g = tf.Graph()
        with g.as_default():
            tf.compat.v1.import_graph_def(gdef, name="")
        with tf.compat.v1.Session(graph=g) as sess:
            try:
                sess.run("Identity:0", {fed: value})
                raise RuntimeError("expected an error")
            except tf.errors.OpError as e:
                error = {"class": type(e).__name__, "message": e.message}
        out.append({"graph": "arithmetic", "feeds": [fed], "fetches": ["Identity:0"], "inputs": [encode(value)],
                    "error": error})
    return out


def kernel_cases():
    """Eager results and error texts of the kernels added for these graphs (core/ops)."""
    calls = [
        ("ConcatOffset", [np.int32(1), np.array([2, 3], np.int32), np.array([2, 4], np.int32), np.array([2, 1], np.int32)]),
        ("ConcatOffset", [np.int32(-1), np.array([2, 3], np.int64), np.array([2, 3], np.int64)]),
        ("ConcatOffset", [np.int32(1), np.array([2, 3], np.int32), np.array([3, 3], np.int32)]),
        ("ConcatOffset", [np.int32(5), np.array([2, 3], np.int32), np.array([2, 3], np.int32)]),
        ("ConcatOffset", [np.int32(1), np.array([2, 3], np.int32), np.array([2, 3, 1], np.int32)]),
        ("InvertPermutation", [np.array([2, 0, 1], np.int32)]),
        ("InvertPermutation", [np.array([2, 0, 3], np.int64)]),
        ("InvertPermutation", [np.array([1, 1, 0], np.int32)]),
        ("InvertPermutation", [np.array([[1]], np.int32)]),
        ("ShapeN", [np.zeros((2, 3), np.float32), np.zeros((), np.float32), np.zeros((4, 0, 1), np.float32)]),
    ]
    out = []
    for op, inputs in calls:
        entry = {"op": op, "inputs": [encode(a) for a in inputs]}
        try:
            if op == "ConcatOffset":
                result = tf.raw_ops.ConcatOffset(concat_dim=inputs[0], shape=list(inputs[1:]))
            elif op == "InvertPermutation":
                result = [tf.raw_ops.InvertPermutation(x=inputs[0])]
            else:
                result = tf.raw_ops.ShapeN(input=list(inputs))
            entry["outputs"] = [encode(r.numpy()) for r in result]
        except tf.errors.OpError as e:
            entry["error"] = {"class": type(e).__name__, "message": e.message}
        out.append(entry)
    return out


def v1_control_flow_cases():
    """TF1 conditionals (Switch/Merge, as tf.compat.v1.cond builds them with control flow v1):
    a graph written to tests/exec/data/v1_cond.pb and Session runs of it with each predicate."""
    from tensorflow.python.ops import control_flow_v2_toggles

    control_flow_v2_toggles.disable_control_flow_v2()
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None, 3], name="x")
        training = tf.compat.v1.placeholder(tf.bool, [], name="training")
        scale = tf.compat.v1.placeholder(tf.float32, [], name="scale")
        # Batch statistics or fixed ones, as TF1 batch norm chose with is_training.
        mean, var = tf.compat.v1.cond(training, lambda: tf.nn.moments(x, [0]),
                                      lambda: (tf.constant([0.5, 0.5, 0.5]), tf.constant([2.0, 2.0, 2.0])))
        normed = tf.identity((x - mean) / tf.sqrt(var + 1e-3), name="normed")
        # Branches that are constants only (dead through their control input from the pivot).
        picked = tf.identity(tf.compat.v1.cond(scale > 1.0, lambda: tf.constant(10.0), lambda: tf.constant(-10.0)),
                             name="picked")
        # A cond inside a cond.
        inner = tf.compat.v1.cond(training,
                                  lambda: tf.compat.v1.cond(scale > 0.0, lambda: x * scale, lambda: x - scale),
                                  lambda: tf.reduce_sum(x, 0, keepdims=True) + tf.zeros_like(x))
        tf.identity(inner, name="nested")
    control_flow_v2_toggles.enable_control_flow_v2()
    gdef = g.as_graph_def()
    ops = sorted({n.op for n in gdef.node})
    assert "Switch" in ops and "Merge" in ops, ops
    with open(os.path.join(OUT, "v1_cond.pb"), "wb") as f:
        f.write(gdef.SerializeToString())
    feeds = ["x:0", "training:0", "scale:0"]
    fetches = ["normed:0", "picked:0", "nested:0"]
    xv = np.array([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]], np.float32)
    calls = []
    with tf.compat.v1.Session(graph=g) as sess:
        for training_v, scale_v in ((True, 2.0), (False, 0.5), (True, -1.5), (False, 3.0)):
            inputs = [xv, np.array(training_v), np.array(scale_v, np.float32)]
            outputs = sess.run(fetches, dict(zip(feeds, inputs)))
            calls.append({"inputs": [encode(a) for a in inputs], "outputs": [encode(o) for o in outputs]})
    out = [{"graph": "v1_cond", "feeds": feeds, "fetches": fetches, "calls": calls}]
    out.append(v1_while_case())
    return out


def v1_while_case():
    """TF1 while loops (Enter/Merge/Switch/LoopCond/NextIteration/Exit): a counted loop with a loop
    invariant, a loop whose trip count is fed, a loop inside a loop, a cond inside a loop."""
    from tensorflow.python.ops import control_flow_v2_toggles

    control_flow_v2_toggles.disable_control_flow_v2()
    g = tf.Graph()
    with g.as_default():
        x = tf.compat.v1.placeholder(tf.float32, [None], name="x")
        n = tf.compat.v1.placeholder(tf.int32, [], name="n")
        w = tf.constant(0.5, name="w")
        # acc = acc * w + x, n times (w and x are loop invariants).
        _, acc = tf.compat.v1.while_loop(lambda i, a: i < n, lambda i, a: (i + 1, a * w + x),
                                         [tf.constant(0), tf.zeros_like(x)])
        tf.identity(acc, name="acc")
        # Collatz steps of a fed start value.
        steps, _ = tf.compat.v1.while_loop(
            lambda k, v: v > 1,
            lambda k, v: (k + 1, tf.compat.v1.cond(tf.equal(v % 2, 0), lambda: v // 2, lambda: 3 * v + 1)),
            [tf.constant(0), n + 5])
        tf.identity(steps, name="collatz_steps")

        # A loop inside a loop: sum over i < n of sum over j < i of (i * j).
        def outer_body(i, total):
            _, inner = tf.compat.v1.while_loop(lambda j, s: j < i, lambda j, s: (j + 1, s + i * j),
                                               [tf.constant(0), tf.constant(0)])
            return i + 1, total + inner

        _, nested = tf.compat.v1.while_loop(lambda i, t: i < n, outer_body, [tf.constant(0), tf.constant(0)])
        tf.identity(nested, name="nested")
    control_flow_v2_toggles.enable_control_flow_v2()
    gdef = g.as_graph_def()
    ops = {nd.op for nd in gdef.node}
    assert {"Enter", "Exit", "NextIteration", "LoopCond"} <= ops, ops
    with open(os.path.join(OUT, "v1_while.pb"), "wb") as f:
        f.write(gdef.SerializeToString())
    feeds = ["x:0", "n:0"]
    fetches = ["acc:0", "collatz_steps:0", "nested:0"]
    calls = []
    with tf.compat.v1.Session(graph=g) as sess:
        for xv, nv in (([1.0, -2.0, 4.0], 3), ([0.25], 0), ([2.0, 3.0], 6)):
            inputs = [np.array(xv, np.float32), np.array(nv, np.int32)]
            outputs = sess.run(fetches, dict(zip(feeds, inputs)))
            calls.append({"inputs": [encode(a) for a in inputs], "outputs": [encode(o) for o in outputs]})
    return {"graph": "v1_while", "feeds": feeds, "fetches": fetches, "calls": calls}


def v1_variable_cases():
    """A TF1 SavedModel with a reference variable (TF Serving's counter model): its signatures
    called in turn in one Session after the loader restored the variable."""
    rel = "serving_saved_model_counter"
    sequence = [("get_counter", {}), ("incr_counter", {}), ("incr_counter", {}), ("incr_counter_by", {"delta": 2.5}),
                ("get_counter", {}), ("reset_counter", {}), ("get_counter", {}), ("incr_counter_by", {"delta": -1.5})]
    calls = []
    g = tf.Graph()
    with tf.compat.v1.Session(graph=g) as sess:
        meta = tf.compat.v1.saved_model.loader.load(sess, ["serve"], os.path.join(FIXTURES, rel))
        for signature, inputs in sequence:
            sig = meta.signature_def[signature]
            feeds = [sig.inputs[k].name for k in inputs]
            values = [np.array(v, np.float32) for v in inputs.values()]
            fetch = sig.outputs["output"].name
            result = sess.run(fetch, dict(zip(feeds, values)))
            calls.append({"signature": signature, "feeds": feeds, "inputs": [encode(v) for v in values],
                          "fetch": fetch, "output": encode(result)})
    return [{"path": rel, "calls": calls}]


SECTIONS = {"cases": lambda: cases(), "fixtures": lambda: fixture_cases(), "saved_models": lambda: saved_model_cases(),
            "unfed_placeholders": lambda: unfed_placeholder_cases(), "kernels": lambda: kernel_cases(),
            "v1_control_flow": lambda: v1_control_flow_cases(), "v1_variables": lambda: v1_variable_cases()}


def main():
    os.makedirs(OUT, exist_ok=True)
    # --only SECTION [SECTION ...] re-records those sections of cases.json and keeps the others.
    only = sys.argv[sys.argv.index("--only") + 1:] if "--only" in sys.argv else list(SECTIONS)
    data = {}
    path = os.path.join(OUT, "cases.json")
    if len(only) < len(SECTIONS) and os.path.exists(path):
        with open(path) as f:
            data = json.load(f)
    data["tensorflow"] = tf.__version__
    for name in only:
        data[name] = SECTIONS[name]()
    data = normalise_paths(data)  # the sections kept from an older recording too
    with open(os.path.join(OUT, "cases.json"), "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    print("wrote", len(data["cases"]), "cases and", len(data["fixtures"]), "fixtures to", OUT)


if __name__ == "__main__":
    main()
