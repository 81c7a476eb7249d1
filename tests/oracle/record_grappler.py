#!/usr/bin/env python3
"""Record which nodes real TensorFlow's grappler remapper fuses (oracle for core/passes/remapper).

For each case: a GraphDef (small raw-op graphs for every remapper pattern and its misses,
tf.functions with Keras Dense layers / a Conv2D CNN / Conv+BatchNorm inference / an MLP, the
graphs of the real models in ../shared/fixtures/tf and their library functions that hold a
contraction), with every node placed on /device:CPU:0 unless the case says otherwise. Big Const
values are replaced by zero-filled tensors of the same dtype and shape (one value in the proto) (the remapper reads only
dtypes, shapes and attrs, and it keeps the committed data small); TF then runs on exactly the
GraphDef written, so the test's input equals TF's input.

TF runs its meta-optimizer (tf_optimizer.OptimizeGraph) with only the remapper enabled
(RewriterConfig.optimizers = ["remap"], min_graph_nodes = -1, the fetches as the MetaGraph's
train_op collection), so the comparison does not depend on our other passes. oneDNN is off
(TF_ENABLE_ONEDNN_OPTS=0): the oneDNN-only fusions are not part of grappler's portable remapper.

Writes tests/passes/data/grappler/<case>.pb (binary GraphDef) and
tests/passes/data/grappler_remapper.json: {"tensorflow": version, "cases": [{name, file,
fetches, placed, nodes_before (count), nodes_after (every node of TF's result as "name op"), fused:
[{name, op, fused_ops, inputs, device, attrs}]}]}, where attrs has the fused node's attrs of scalar
or list type.

Run: tests/oracle/venv/bin/python tests/oracle/record_grappler.py
"""

import json
import os
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "-1")
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
from tensorflow.core.framework import graph_pb2  # noqa: E402
from tensorflow.core.protobuf import config_pb2, meta_graph_pb2, rewriter_config_pb2, saved_model_pb2  # noqa: E402
from tensorflow.python.framework import function_def_to_graph  # noqa: E402
from tensorflow.python.grappler import tf_optimizer  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(REPO, "tests", "passes", "data")
# The shared fixtures beside the checkout, as the build's GRAPHLENS_FIXTURES_DIR (the environment
# variable of that name overrides it).
FIXTURES = os.environ.get("GRAPHLENS_FIXTURES_DIR") or os.path.normpath(os.path.join(REPO, "..", "shared", "fixtures", "tf"))
CPU = "/device:CPU:0"
FUSED_OPS = ("_FusedMatMul", "_FusedConv2D", "_FusedBatchNormEx", "_FusedDepthwiseConv2dNative",
             "_FusedConv3D", "_FusedBatchMatMul")
CONTRACTIONS = ("MatMul", "Conv2D", "DepthwiseConv2dNative", "FusedBatchNorm", "FusedBatchNormV2",
                "FusedBatchNormV3")
BIG_CONST_ELEMENTS = 16

v1 = tf.compat.v1


# ---------------------------------------------------------------------------------------------
# Raw-op graphs: one per remapper pattern and per condition that stops it.


def raw_graph(build):
    g = tf.Graph()
    with g.as_default():
        fetches = build()
    return g.as_graph_def(), [t.op.name for t in fetches]


def ph(shape, dtype=tf.float32, name="x"):
    return v1.placeholder(dtype, shape, name=name)


def const(shape, dtype=tf.float32, name="w"):
    return tf.constant(np.full(shape, 0.5, np.float32), dtype=dtype, name=name)


def matmul_bias(dtype=tf.float32, **mm):
    x = ph([2, 3], dtype)
    w = const([4, 3] if mm.get("transpose_b") else [3, 4], dtype)
    y = tf.raw_ops.MatMul(a=x, b=w, name="matmul", **mm)
    return tf.raw_ops.BiasAdd(value=y, bias=const([4], dtype, "b"), name="bias_add")


def conv_bias(dtype=tf.float32, data_format="NHWC", filt=(3, 3)):
    shape = [1, 5, 5, 2] if data_format == "NHWC" else [1, 2, 5, 5]
    x = ph(shape, dtype)
    y = tf.raw_ops.Conv2D(input=x, filter=const([filt[0], filt[1], 2, 4], dtype), strides=[1, 1, 1, 1],
                          padding="SAME", data_format=data_format, name="conv")
    return tf.raw_ops.BiasAdd(value=y, bias=const([4], dtype, "b"), data_format=data_format, name="bias_add")


def depthwise_bias():
    x = ph([1, 5, 5, 2])
    y = tf.raw_ops.DepthwiseConv2dNative(input=x, filter=const([3, 3, 2, 1]), strides=[1, 1, 1, 1],
                                         padding="SAME", name="depthwise")
    return tf.raw_ops.BiasAdd(value=y, bias=const([2], name="b"), name="bias_add")


def activation(op, x):
    if op == "LeakyRelu":
        return tf.raw_ops.LeakyRelu(features=x, alpha=0.3, name="act")
    if op in ("Tanh", "Sigmoid"):
        return getattr(tf.raw_ops, op)(x=x, name="act")
    return getattr(tf.raw_ops, op)(features=x, name="act")


def fbn(x, channels, is_training=False, version="V3", data_format="NHWC", name="bn"):
    op = {"V1": tf.raw_ops.FusedBatchNorm, "V2": tf.raw_ops.FusedBatchNormV2,
          "V3": tf.raw_ops.FusedBatchNormV3}[version]
    c = lambda n, v: tf.constant(np.full([channels], v, np.float32), name=n)  # noqa: E731
    empty = tf.constant(np.zeros([0], np.float32), name="empty")
    mean, var = (empty, empty) if is_training else (c("mean", 0.1), c("var", 2.0))
    return op(x=x, scale=c("scale", 1.5), offset=c("offset", 0.2), mean=mean, variance=var, epsilon=0.001,
              is_training=is_training, data_format=data_format, name=name)


def conv(x, channels_in, channels_out, filt=3, name="conv"):
    return tf.raw_ops.Conv2D(input=x, filter=const([filt, filt, channels_in, channels_out], name=name + "_w"),
                             strides=[1, 1, 1, 1], padding="SAME", name=name)


def raw_cases():
    cases = {}
    for act in ("Relu", "Relu6", "Elu", "LeakyRelu", "Tanh", "Sigmoid"):
        cases[f"matmul_bias_{act.lower()}"] = lambda act=act: [activation(act, matmul_bias())]
        cases[f"conv_bias_{act.lower()}"] = lambda act=act: [activation(act, conv_bias())]
    cases["matmul_bias"] = lambda: [matmul_bias()]
    cases["matmul_transposed_bias_relu"] = lambda: [activation("Relu", matmul_bias(transpose_b=True))]
    cases["conv_bias"] = lambda: [conv_bias()]
    cases["conv_1x1_bias_relu"] = lambda: [activation("Relu", conv_bias(filt=(1, 1)))]
    cases["conv_nchw_bias_relu"] = lambda: [activation("Relu", conv_bias(data_format="NCHW"))]
    cases["conv_double_bias_relu"] = lambda: [activation("Relu", conv_bias(tf.float64))]
    cases["matmul_double_bias_relu"] = lambda: [activation("Relu", matmul_bias(tf.float64))]
    cases["matmul_half_bias_relu"] = lambda: [activation("Relu", matmul_bias(tf.float16))]
    cases["matmul_bfloat16_bias"] = lambda: [matmul_bias(tf.bfloat16)]
    cases["depthwise_bias_relu"] = lambda: [activation("Relu", depthwise_bias())]

    def matmul_add_bias():
        x = ph([2, 3])
        y = tf.raw_ops.MatMul(a=x, b=const([3, 4]), name="matmul")
        return [tf.raw_ops.Relu(features=tf.raw_ops.AddV2(x=y, y=const([4], name="b"), name="add"), name="act")]
    cases["matmul_addv2_relu"] = matmul_add_bias

    def matmul_two_consumers():
        x = ph([2, 3])
        y = tf.raw_ops.MatMul(a=x, b=const([3, 4]), name="matmul")
        z = tf.raw_ops.BiasAdd(value=y, bias=const([4], name="b"), name="bias_add")
        return [tf.raw_ops.Relu(features=z, name="act"), tf.raw_ops.Neg(x=y, name="other")]
    cases["matmul_two_consumers"] = matmul_two_consumers

    def bias_two_consumers():
        z = matmul_bias()
        return [tf.raw_ops.Relu(features=z, name="act"), tf.raw_ops.Neg(x=z, name="other")]
    cases["bias_two_consumers"] = bias_two_consumers

    def control_input_on_matmul():
        x, w = ph([2, 3]), const([3, 4])
        gate = tf.raw_ops.NoOp(name="gate")
        with tf.control_dependencies([gate]):
            y = tf.raw_ops.MatMul(a=x, b=w, name="matmul")
        z = tf.raw_ops.BiasAdd(value=y, bias=const([4], name="b"), name="bias_add")
        return [tf.raw_ops.Relu(features=z, name="act")]
    cases["control_input_on_matmul"] = control_input_on_matmul

    def control_output_of_bias():
        z = matmul_bias()
        with tf.control_dependencies([z]):
            other = tf.raw_ops.Neg(x=ph([1], name="y"), name="other")
        return [tf.raw_ops.Relu(features=z, name="act"), other]
    cases["control_output_of_bias"] = control_output_of_bias

    def control_input_on_bias():
        x, w, b = ph([2, 3]), const([3, 4]), const([4], name="b")
        y = tf.raw_ops.MatMul(a=x, b=w, name="matmul")
        gate = tf.raw_ops.NoOp(name="gate")
        with tf.control_dependencies([gate]):
            z = tf.raw_ops.BiasAdd(value=y, bias=b, name="bias_add")
        return [tf.raw_ops.Relu(features=z, name="act")]
    cases["control_input_on_bias"] = control_input_on_bias

    def control_input_on_relu():
        z = matmul_bias()
        gate = tf.raw_ops.NoOp(name="gate")
        with tf.control_dependencies([gate]):
            r = tf.raw_ops.Relu(features=z, name="act")
        return [r]
    cases["control_input_on_relu"] = control_input_on_relu

    def fetched_matmul():
        x = ph([2, 3])
        y = tf.raw_ops.MatMul(a=x, b=const([3, 4]), name="matmul")
        z = tf.raw_ops.BiasAdd(value=y, bias=const([4], name="b"), name="bias_add")
        return [tf.raw_ops.Relu(features=z, name="act"), y]
    cases["fetched_matmul"] = fetched_matmul

    def fetched_bias():
        z = matmul_bias()
        return [tf.raw_ops.Relu(features=z, name="act"), z]
    cases["fetched_bias"] = fetched_bias

    def conv_bias_add_relu():
        z = conv_bias()
        side = ph([1, 5, 5, 4], name="side")
        return [tf.raw_ops.Relu(features=tf.raw_ops.AddV2(x=z, y=side, name="add"), name="act")]
    cases["conv_bias_add_relu"] = conv_bias_add_relu

    def conv1d_bias():
        x = ph([1, 5, 2])
        e = tf.raw_ops.ExpandDims(input=x, axis=tf.constant(1, name="axis"), name="expand")
        y = tf.raw_ops.Conv2D(input=e, filter=const([1, 3, 2, 4]), strides=[1, 1, 1, 1], padding="SAME",
                              name="conv")
        s = tf.raw_ops.Squeeze(input=y, axis=[1], name="squeeze")
        return [tf.raw_ops.Relu(features=tf.raw_ops.BiasAdd(value=s, bias=const([4], name="b"), name="bias_add"),
                                name="act")]
    cases["conv_squeeze_bias_relu"] = conv1d_bias

    for version in ("V1", "V2", "V3"):
        cases[f"conv_fbn{version.lower()}"] = lambda version=version: [
            fbn(conv(ph([1, 5, 5, 2]), 2, 4), 4, version=version)[0]]
    for act in ("Relu", "Relu6", "Elu", "LeakyRelu", "Tanh"):
        cases[f"conv_fbn_{act.lower()}"] = lambda act=act: [activation(act, fbn(conv(ph([1, 5, 5, 2]), 2, 4), 4)[0])]
    cases["conv_fbn_training"] = lambda: [fbn(conv(ph([1, 5, 5, 2]), 2, 4), 4, is_training=True)[0]]

    def conv_fbn_mean_used():
        y = fbn(conv(ph([1, 5, 5, 2]), 2, 4), 4)
        return [y[0], tf.raw_ops.Identity(input=y[1], name="mean_out")]
    cases["conv_fbn_output1_used"] = conv_fbn_mean_used

    def conv_two_consumers_fbn():
        c = conv(ph([1, 5, 5, 2]), 2, 4)
        return [fbn(c, 4)[0], tf.raw_ops.Neg(x=c, name="other")]
    cases["conv_two_consumers_fbn"] = conv_two_consumers_fbn
    cases["conv_nchw_fbn"] = lambda: [fbn(tf.raw_ops.Conv2D(
        input=ph([1, 2, 5, 5]), filter=const([3, 3, 2, 4]), strides=[1, 1, 1, 1], padding="SAME",
        data_format="NCHW", name="conv"), 4, data_format="NCHW")[0]]
    cases["fbn_relu_inference"] = lambda: [tf.raw_ops.Relu(features=fbn(ph([1, 5, 5, 4]), 4)[0], name="act")]
    cases["fbn_relu_training"] = lambda: [tf.raw_ops.Relu(features=fbn(ph([1, 5, 5, 4]), 4, is_training=True)[0],
                                                          name="act")]

    cases["fbn_inference"] = lambda: [fbn(ph([1, 5, 5, 4]), 4)[0]]
    cases["fbn_v1_inference"] = lambda: [fbn(ph([1, 5, 5, 4]), 4, version="V1")[0]]
    cases["fbn_inference_unknown_channels"] = lambda: [fbn(ph([None, None, None, None]), 4)[0]]

    def fbn_inference_scale_fed():
        x = ph([None, None, None, None])
        c = lambda n: ph([None], name=n)  # noqa: E731
        return [tf.raw_ops.FusedBatchNormV3(x=x, scale=c("scale"), offset=c("offset"), mean=c("mean"),
                                            variance=c("var"), epsilon=0.001, is_training=False, name="bn")[0]]
    cases["fbn_inference_scale_fed"] = fbn_inference_scale_fed

    def fbn_inference_known_channels_fed():
        x = ph([None, 5, 5, 4])
        c = lambda n: ph([4], name=n)  # noqa: E731
        return [tf.raw_ops.FusedBatchNormV3(x=x, scale=c("scale"), offset=c("offset"), mean=c("mean"),
                                            variance=c("var"), epsilon=0.001, is_training=False, name="bn")[0]]
    cases["fbn_inference_known_channels_fed"] = fbn_inference_known_channels_fed

    def fbn_inference_mean_used():
        y = fbn(ph([1, 5, 5, 4]), 4)
        return [y[0], tf.raw_ops.Identity(input=y[1], name="mean_out")]
    cases["fbn_inference_output1_used"] = fbn_inference_mean_used

    def fbn_half_inference():
        x = ph([1, 5, 5, 4], tf.float16)
        c = lambda n, v: tf.constant(np.full([4], v, np.float32), name=n)  # noqa: E731
        return [tf.raw_ops.FusedBatchNormV3(x=x, scale=c("scale", 1.5), offset=c("offset", 0.2), mean=c("mean", 0.1),
                                            variance=c("var", 2.0), epsilon=0.001, is_training=False, name="bn")[0]]
    cases["fbn_half_inference"] = fbn_half_inference

    def fbn_control_output():
        y = fbn(ph([1, 5, 5, 4]), 4)[0]
        with tf.control_dependencies([y]):
            other = tf.raw_ops.Neg(x=ph([1], name="y"), name="other")
        return [y, other]
    cases["fbn_inference_control_output"] = fbn_control_output

    def two_layers():
        x = ph([2, 3])
        y = tf.raw_ops.MatMul(a=x, b=const([3, 4]), name="matmul1")
        y = tf.raw_ops.Relu(features=tf.raw_ops.BiasAdd(value=y, bias=const([4], name="b1"), name="bias_add1"),
                            name="relu1")
        y = tf.raw_ops.MatMul(a=y, b=const([4, 2], name="w2"), name="matmul2")
        return [tf.raw_ops.BiasAdd(value=y, bias=const([2], name="b2"), name="bias_add2")]
    cases["two_layers"] = two_layers
    return cases


# ---------------------------------------------------------------------------------------------
# tf.functions like the corpus's (Keras Dense layers, a CNN, Conv+BN inference, an MLP).


def function_graph(fn, *specs):
    concrete = tf.function(fn).get_concrete_function(*specs)
    graph_def = concrete.graph.as_graph_def()
    del graph_def.library.function[:]  # the tf.function bodies are flat: no calls to keep
    return graph_def, [t.op.name for t in concrete.outputs]


def function_cases():
    tf.keras.utils.set_random_seed(0)
    cases = {}

    dense = tf.keras.Sequential([tf.keras.Input((10,)), tf.keras.layers.Dense(32, activation="relu"),
                                 tf.keras.layers.Dense(1)])
    cases["fn_keras_dense_relu"] = lambda: function_graph(lambda x: dense(x), tf.TensorSpec([None, 10]))

    mlp = tf.keras.Sequential([tf.keras.Input((20,)), tf.keras.layers.Dense(64, activation="relu"),
                               tf.keras.layers.Dense(32, activation="relu"), tf.keras.layers.Dense(1)])
    cases["fn_mlp"] = lambda: function_graph(lambda x: mlp(x), tf.TensorSpec([None, 20]))

    activations = tf.keras.Sequential([tf.keras.Input((8,)), tf.keras.layers.Dense(8, activation="elu"),
                                       tf.keras.layers.Dense(8, activation="relu6"),
                                       tf.keras.layers.Dense(8, activation="tanh"),
                                       tf.keras.layers.Dense(8, activation="sigmoid")])
    cases["fn_dense_activations"] = lambda: function_graph(lambda x: activations(x), tf.TensorSpec([None, 8]))

    cnn = tf.keras.Sequential([tf.keras.Input((32, 32, 3))] +
                              [tf.keras.layers.Conv2D(8, 3, padding="same", activation="relu") for _ in range(3)])
    cases["fn_cnn"] = lambda: function_graph(lambda x: cnn(x), tf.TensorSpec([None, 32, 32, 3]))

    filt = tf.Variable(tf.random.normal([3, 3, 3, 8]))
    scale, offset = tf.Variable(tf.ones([8])), tf.Variable(tf.zeros([8]))
    mean, var = tf.Variable(tf.zeros([8])), tf.Variable(tf.ones([8]))

    def conv_bn(x):
        y = tf.nn.conv2d(x, filt, 1, "SAME")
        y, _, _ = v1.nn.fused_batch_norm(y, scale, offset, mean, var, is_training=False)
        return tf.nn.relu(y)
    cases["fn_conv_bn_relu"] = lambda: function_graph(conv_bn, tf.TensorSpec([None, 16, 16, 3]))

    def train_step_like(x):
        # A forward pass whose intermediates are also returned (as a GradientTape forward
        # function does): the contraction's output has a second consumer.
        y = tf.matmul(x, tf.ones([4, 4]))
        z = tf.nn.relu(tf.nn.bias_add(y, tf.zeros([4])))
        return z, y
    cases["fn_intermediate_returned"] = lambda: function_graph(train_step_like, tf.TensorSpec([None, 4]))
    return cases


# ---------------------------------------------------------------------------------------------
# Real models from the fixtures: the main graph, and each library function with a contraction.


def load_graph(path):
    data = open(path, "rb").read()
    if path.endswith("saved_model.pb"):
        return saved_model_pb2.SavedModel.FromString(data).meta_graphs[0].graph_def
    return graph_pb2.GraphDef.FromString(data)


def graph_outputs(graph_def):
    """Nodes nothing reads: the graph's outputs for frozen graphs without a signature."""
    used = set()
    for n in graph_def.node:
        for i in n.input:
            used.add(i.lstrip("^").split(":")[0])
    return [n.name for n in graph_def.node if n.name not in used and n.op not in ("NoOp", "Const")]


def has_contraction(nodes):
    return any(n.op in CONTRACTIONS for n in nodes)


def fixture_cases():
    cases = {}
    frozen = {"fix_speech_commands_conv": "speech_commands_conv_frozen/frozen_graph.pb",
              "fix_ae0": "tf2onnx_ae0_frozen/frozen.pb",
              "fix_fc_layers": "tf2onnx_fc_layers_frozen/frozen.pb",
                "fix_gru": "tf2onnx_gru_frozen/frozen.pb",
              "fix_lstm": "tf2onnx_lstm_frozen/frozen.pb",
              "fix_half_plus_two_mkl": "serving_half_plus_two_mkl/saved_model.pb"}
    for name, rel in frozen.items():
        def load(rel=rel):
            g = load_graph(os.path.join(FIXTURES, rel))
            del g.library.function[:]
            return g, graph_outputs(g)
        cases[name] = load
    with_functions = {"fix_tfx_keras": "tfx_keras_saved_model/saved_model.pb",
                      "fix_keras_lstm": "tfnet_keras_lstm_saved_model/saved_model.pb",
                      "fix_tfx_estimator": "tfx_estimator_export_saved_model/saved_model.pb"}
    # A MobileNet-shaped Keras model of ours (tests/oracle/gen_models.py keras_mobile).
    with_functions["repo_keras_mobile"] = os.path.join(REPO, "tests", "data", "keras_mobile", "saved_model.pb")
    for prefix, rel in with_functions.items():
        g = load_graph(os.path.join(FIXTURES, rel))
        if has_contraction(g.node):
            def load_main(g=g):
                main = graph_pb2.GraphDef()
                main.CopyFrom(g)
                del main.library.function[:]
                return main, graph_outputs(main)
            cases[prefix + "_main"] = load_main
        seen = set()
        for f in g.library.function:
            called = {h.signature.name for h in g.library.function}
            if not has_contraction(f.node_def) or any(n.op.endswith("PartitionedCall") or n.op in called
                                                      or n.op in ("While", "If", "StatelessWhile", "StatelessIf")
                                                      for n in f.node_def):
                continue
            # Keras saves the same body under several wrappers; one of each shape is enough.
            key = tuple(sorted((n.op, n.name) for n in f.node_def))
            if key in seen:
                continue
            seen.add(key)

            def load_fn(f=f):
                body = function_def_to_graph.function_def_to_graph_def(f)[0]
                del body.library.function[:]
                outs = sorted({v.split(":")[0] for v in f.ret.values()})
                return body, outs
            cases[f"{prefix}_fn_{len(seen)}"] = load_fn
    return cases


# ---------------------------------------------------------------------------------------------


def shrink_consts(graph_def):
    for n in graph_def.node:
        if n.op != "Const" or "value" not in n.attr:
            continue
        t = n.attr["value"].tensor
        elements = int(np.prod([d.size for d in t.tensor_shape.dim])) if t.tensor_shape.dim else 1
        if elements <= BIG_CONST_ELEMENTS or t.dtype == tf.string.as_datatype_enum:
            continue
        # One value and the shape: TF fills the rest with the last value (tensor.cc FromProto).
        shape = [d.size for d in t.tensor_shape.dim]
        t.CopyFrom(tf.make_tensor_proto(np.zeros([1], tf.as_dtype(t.dtype).as_numpy_dtype)))
        t.tensor_shape.Clear()
        for size in shape:
            t.tensor_shape.dim.add().size = size


def place(graph_def, device):
    for n in graph_def.node:
        n.device = device


def remapper_only(graph_def, fetches):
    # Importing the GraphDef once in Python first is needed for some graphs (the Keras function
    # bodies): without it grappler's MetaGraph import fails for them ("Failed to import
    # metagraph"). It also checks the GraphDef is valid.
    with tf.Graph().as_default():
        tf.graph_util.import_graph_def(graph_def, name="")
    meta = meta_graph_pb2.MetaGraphDef()
    meta.graph_def.CopyFrom(graph_def)
    fetch_list = meta.collection_def["train_op"].node_list.value
    for f in fetches:
        fetch_list.append(f)
    config = config_pb2.ConfigProto()
    rewriter = config.graph_options.rewrite_options
    rewriter.optimizers.append("remap")  # meta_optimizer.cc's name for the remapper
    rewriter.min_graph_nodes = -1
    rewriter.meta_optimizer_iterations = rewriter_config_pb2.RewriterConfig.DEFAULT
    return tf_optimizer.OptimizeGraph(config, meta, verbose=False)


def attr_json(value):
    kind = value.WhichOneof("value")
    if kind in ("s",):
        return value.s.decode("latin-1")
    if kind in ("i", "f", "b"):
        return getattr(value, kind)
    if kind == "type":
        return tf.as_dtype(value.type).name
    if kind == "list":
        lst = value.list
        if lst.s:
            return [s.decode("latin-1") for s in lst.s]
        if lst.i:
            return list(lst.i)
        if lst.f:
            return list(lst.f)
        if lst.type:
            return [tf.as_dtype(t).name for t in lst.type]
        return []
    return None


def fused_nodes(graph_def):
    out = []
    for n in graph_def.node:
        if n.op not in FUSED_OPS:
            continue
        attrs = {k: attr_json(v) for k, v in sorted(n.attr.items())}
        out.append({"name": n.name, "op": n.op,
                    "fused_ops": attrs.get("fused_ops", []),
                    "inputs": list(n.input), "device": n.device,
                    "attrs": {k: v for k, v in attrs.items() if v is not None}})
    return sorted(out, key=lambda e: e["name"])


def main():
    os.makedirs(os.path.join(OUT, "grappler"), exist_ok=True)
    entries = []
    builders = {}
    for name, build in raw_cases().items():
        builders[name] = (lambda build=build: raw_graph(build), True)
    # TF's device rule: unplaced nodes are neither CPU nor GPU, so nothing fuses.
    builders["unplaced_matmul_bias_relu"] = (lambda: raw_graph(lambda: [activation("Relu", matmul_bias())]), False)
    builders["unplaced_conv_bias_relu"] = (lambda: raw_graph(lambda: [activation("Relu", conv_bias())]), False)
    builders["unplaced_fbn_inference"] = (lambda: raw_graph(lambda: [fbn(ph([1, 5, 5, 4]), 4)[0]]), False)
    for name, build in function_cases().items():
        builders[name] = (build, True)
    for name, build in fixture_cases().items():
        builders[name] = (build, True)
    total = 0
    only = set(sys.argv[1:])  # case names to record (all when empty), for debugging one case
    for name, (build, placed) in builders.items():
        if only and name not in only:
            continue
        graph_def, fetches = build()
        shrink_consts(graph_def)
        place(graph_def, CPU if placed else "")
        path = os.path.join(OUT, "grappler", name + ".pb")
        data = graph_def.SerializeToString()
        total += len(data)
        with open(path, "wb") as f:
            f.write(data)
        try:
            optimized = remapper_only(graph_def, fetches)
        except (ValueError, tf.errors.OpError) as e:  # TF cannot import the graph
            print(f"{name:40s} skipped: {e}")
            os.remove(path)
            total -= len(data)
            continue
        fused = fused_nodes(optimized)
        entries.append({"name": name, "file": "grappler/" + name + ".pb", "fetches": fetches, "placed": placed,
                        "nodes_before": len(graph_def.node), "nodes_after": sorted(f"{n.name} {n.op}" for n in optimized.node),
                        "fused": fused})
        print(f"{name:40s} {len(graph_def.node):5d} -> {len(optimized.node):5d}  "
              + ", ".join(f"{e['op']}{e['fused_ops']}" for e in fused))
    if only:
        return
    with open(os.path.join(OUT, "grappler_remapper.json"), "w") as f:
        json.dump({"tensorflow": tf.__version__, "onednn": False, "cases": entries}, f, indent=1)
        f.write("\n")
    print(f"{len(entries)} cases, {total} bytes of GraphDefs")


if __name__ == "__main__":
    main()
