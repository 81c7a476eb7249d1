"""Records eager op results from real TensorFlow for tests/tensor/test_oracle.cpp.

Writes tests/data/expected/ops.json: one entry per case with the op, its inputs (flattened in
OpDef order), the attrs the call passed, and either the outputs or the error class and message.
Run with the oracle venv:  tests/oracle/venv/bin/python tests/oracle/record_ops.py
"""
import json
import os
import sys

# The corpus is recorded with oneDNN off (plain Eigen kernels, "__wrapped__MatMul" in error
# texts); the op cases must agree.
os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"

import numpy as np
import tensorflow as tf
from tensorflow.python.framework import op_def_registry

OUT = os.path.join(os.path.dirname(__file__), "..", "data", "expected", "ops.json")

f32, f64, i32, i64 = np.float32, np.float64, np.int32, np.int64


def t(values, dtype=f32):
    return tf.constant(np.array(values, dtype=dtype))


def seq(shape, dtype=f32, scale=0.1, offset=0.0):
    n = int(np.prod(shape))
    return tf.constant((np.sin(np.arange(n) * 1.7 + 0.3) * scale * 10 + offset).astype(dtype).reshape(shape))


CASES = [
    # arithmetic and broadcasting
    ("AddV2", dict(x=t([[1, 2, 3], [4, 5, 6]]), y=t([10, 20, 30])), {}),
    ("AddV2", dict(x=t([[1], [2]]), y=t([[1, 2, 3]])), {}),
    ("AddV2", dict(x=t([1, 2]), y=t([1, 2, 3])), {}),
    ("AddV2", dict(x=t([[1, 2, 3], [1, 2, 3]]), y=t([1, 2, 3, 4])), {}),
    ("AddV2", dict(x=t([1.0, 2.0]), y=t([1, 2], i32)), {}),
    ("AddV2", dict(x=t(["a"], object), y=t(["b"], object)), {}),
    ("Sub", dict(x=seq([2, 1, 3]), y=seq([4, 1])), {}),
    ("Mul", dict(x=t([3], i32), y=t([[1], [2], [-3]], i32)), {}),
    ("RealDiv", dict(x=t([1, -2, 3]), y=t([4, 0, -8])), {}),
    ("RealDiv", dict(x=t([1], i32), y=t([1], i32)), {}),
    ("Div", dict(x=t([7, -7, 7, -7], i32), y=t([2, 2, -2, -2], i32)), {}),
    ("Div", dict(x=t([1, 2], i32), y=t([0, 2], i32)), {}),
    ("FloorDiv", dict(x=t([7, -7, 7, -7], i32), y=t([2, 2, -2, -2], i32)), {}),
    ("FloorDiv", dict(x=t([7.5, -7.5]), y=t([2, 2])), {}),
    ("FloorDiv", dict(x=t([1, 2], i64), y=t([0, 2], i64)), {}),
    ("FloorMod", dict(x=t([-7.0, 7.0, 5.5]), y=t([3.0, -3.0, 2.0])), {}),
    ("FloorMod", dict(x=t([-7, 7, 6], i32), y=t([3, -3, 3], i32)), {}),
    ("Pow", dict(x=t([2, 3, 4], i32), y=t([3, 0, 1], i32)), {}),
    ("Pow", dict(x=t([2], i32), y=t([-1], i32)), {}),
    ("Pow", dict(x=t([2.0, 0.5, 9.0]), y=t([0.5, -2.0, 0.5])), {}),
    ("Maximum", dict(x=t([1, 5, np.nan]), y=t([3, 2, 1])), {}),
    ("Minimum", dict(x=t([1, 5, -1], i64), y=t([3], i64)), {}),
    ("SquaredDifference", dict(x=t([1, 5, -1]), y=t([3, 2, 1])), {}),
    # unary
    ("Neg", dict(x=t([1, -2], i32)), {}),
    ("Abs", dict(x=t([-1.5, 2, 0])), {}),
    ("Sqrt", dict(x=t([1, 2], i32)), {}),
    ("Sqrt", dict(x=t([4.0, 2.0, 0.0])), {}),
    ("Rsqrt", dict(x=t([4.0, 2.0])), {}),
    ("Exp", dict(x=t([0.0, 1.0, -2.0], f64)), {}),
    ("Log", dict(x=t([1.0, 2.0, 0.0])), {}),
    ("Log1p", dict(x=t([1e-7, 2.0])), {}),
    ("Tanh", dict(x=t([-3.0, 0.5, 20.0])), {}),
    ("Sigmoid", dict(x=t([-30.0, 0.5, 3.0])), {}),
    ("Sign", dict(x=t([-3.0, 0.0, 2.0])), {}),
    ("Reciprocal", dict(x=t([4.0, -0.5])), {}),
    ("Round", dict(x=t([0.5, 1.5, 2.5, -0.5, -1.7])), {}),
    ("Floor", dict(x=t([0.5, -1.5])), {}),
    ("Ceil", dict(x=t([0.5, -1.5])), {}),
    ("Relu", dict(features=t([-1.0, 0.0, 2.0])), {}),
    ("Relu", dict(features=t(["a"], object)), {}),
    ("Relu6", dict(features=t([-1.0, 3.0, 8.0])), {}),
    ("Elu", dict(features=t([-1.0, 3.0])), {}),
    ("Selu", dict(features=t([-1.0, 3.0])), {}),
    ("Softplus", dict(features=t([-100.0, -1.0, 0.0, 3.0, 100.0])), {}),
    ("LeakyRelu", dict(features=t([-1.0, 3.0])), dict(alpha=0.1)),
    # comparisons, logical, cast
    ("Greater", dict(x=t([1, 2, 3], i32), y=t([2], i32)), {}),
    ("LessEqual", dict(x=t([1.0, 2.0]), y=t([[2.0], [1.0]])), {}),
    ("Equal", dict(x=t([1, 2], i32), y=t([1, 2, 3], i32)), dict(incompatible_shape_error=False)),
    ("NotEqual", dict(x=t(["a", "b"], object), y=t(["a", "c"], object)), {}),
    ("LogicalAnd", dict(x=t([True, False, True], bool), y=t([True], bool)), {}),
    ("LogicalNot", dict(x=t([True, False], bool)), {}),
    ("Cast", dict(x=t([1.7, -1.7, 2.5])), dict(DstT=tf.int32)),
    ("Cast", dict(x=t([0, 3], i32)), dict(DstT=tf.bool)),
    ("Cast", dict(x=t(["a"], object)), dict(DstT=tf.float32)),
    # matmul
    ("MatMul", dict(a=seq([2, 3]), b=seq([3, 4])), {}),
    ("MatMul", dict(a=seq([3, 2]), b=seq([4, 3])), dict(transpose_a=True, transpose_b=True)),
    ("MatMul", dict(a=seq([2, 3]), b=seq([2, 3])), {}),
    ("MatMul", dict(a=seq([2, 3], i32), b=seq([3, 1], i32)), {}),
    ("BatchMatMulV2", dict(x=seq([2, 1, 2, 3]), y=seq([3, 3, 2])), {}),
    ("BatchMatMulV2", dict(x=seq([2, 2, 3]), y=seq([3, 3, 2])), {}),
    ("BatchMatMulV2", dict(x=seq([2, 2, 3]), y=seq([2, 2, 2])), {}),
    # reductions
    ("Sum", dict(input=seq([2, 3, 4]), axis=t([0, -1], i32)), {}),
    ("Sum", dict(input=seq([2, 3]), axis=t(5, i32)), {}),
    ("Mean", dict(input=t([1, 2, 4], i32), axis=t(0, i32)), dict(keep_dims=True)),
    ("Mean", dict(input=seq([2, 3, 4]), axis=t([1], i64)), {}),
    ("Max", dict(input=seq([3, 4]), axis=t([1], i32)), {}),
    ("Min", dict(input=seq([3, 4], i32), axis=t([0, 1], i32)), {}),
    ("Prod", dict(input=seq([3, 2]), axis=t(0, i32)), {}),
    ("All", dict(input=t([[True, False], [True, True]], bool), axis=t(1, i32)), {}),
    ("Any", dict(input=t([[True, False], [False, False]], bool), axis=t(1, i32)), {}),
    ("ArgMax", dict(input=seq([3, 4]), dimension=t(1, i32)), {}),
    ("ArgMin", dict(input=seq([3, 4]), dimension=t(0, i32)), dict(output_type=tf.int32)),
    ("ArgMax", dict(input=seq([2, 0]), dimension=t(1, i32)), {}),
    ("Cumsum", dict(x=seq([2, 3]), axis=t(1, i32)), dict(exclusive=True, reverse=True)),
    ("Cumsum", dict(x=seq([2]), axis=t(3, i32)), {}),
    ("L2Loss", dict(t=seq([2, 3])), {}),
    # shapes and array ops
    ("Reshape", dict(tensor=seq([2, 3]), shape=t([3, -1], i32)), {}),
    ("Reshape", dict(tensor=seq([3]), shape=t([2, 2], i32)), {}),
    ("Shape", dict(input=seq([2, 3])), dict(out_type=tf.int64)),
    ("ExpandDims", dict(input=seq([2]), axis=t(3, i32)), {}),
    ("Squeeze", dict(input=seq([1, 2, 1])), {}),
    ("Squeeze", dict(input=seq([2, 3])), dict(squeeze_dims=[0])),
    ("Transpose", dict(x=seq([2, 3, 4]), perm=t([2, 0, 1], i32)), {}),
    ("Transpose", dict(x=seq([2, 3]), perm=t([0, 0], i32)), {}),
    ("ConcatV2", dict(values=[seq([2, 3]), seq([2, 1])], axis=t(-1, i32)), {}),
    ("ConcatV2", dict(values=[seq([2, 3]), seq([3, 2])], axis=t(0, i32)), {}),
    ("Pack", dict(values=[seq([2]), seq([2], offset=1.0)]), dict(axis=1)),
    ("Pack", dict(values=[seq([2]), seq([3])]), {}),
    ("Unpack", dict(value=seq([2, 3])), dict(num=3, axis=1)),
    ("Unpack", dict(value=seq([2, 3])), dict(num=3)),
    ("Split", dict(axis=t(1, i32), value=seq([2, 4])), dict(num_split=2)),
    ("Split", dict(axis=t(0, i32), value=seq([3])), dict(num_split=2)),
    ("SplitV", dict(value=seq([5, 2]), size_splits=t([1, -1, 2], i32), axis=t(0, i32)), dict(num_split=3)),
    ("Slice", dict(input=seq([3, 4]), begin=t([1, 1], i32), size=t([-1, 2], i32)), {}),
    ("Slice", dict(input=seq([2, 3]), begin=t([0, 0], i32), size=t([3, 1], i32)), {}),
    ("StridedSlice", dict(input=seq([4, 5]), begin=t([1, -1], i32), end=t([4, 0], i32), strides=t([2, -2], i32)), {}),
    ("StridedSlice", dict(input=seq([2, 3, 4]), begin=t([0, 1], i32), end=t([0, 2], i32), strides=t([1, 1], i32)),
     dict(ellipsis_mask=1, shrink_axis_mask=2)),
    ("StridedSlice", dict(input=seq([2, 3]), begin=t([0, 0, 1], i32), end=t([0, 0, 3], i32), strides=t([1, 1, 1], i32)),
     dict(begin_mask=1, end_mask=1, new_axis_mask=2)),
    ("StridedSlice", dict(input=seq([2]), begin=t([5], i32), end=t([6], i32), strides=t([1], i32)), dict(shrink_axis_mask=1)),
    ("StridedSliceGrad", dict(shape=t([3, 4], i32), begin=t([1, 0], i32), end=t([3, 4], i32), strides=t([1, 2], i32),
                              dy=seq([2, 2])), {}),
    ("GatherV2", dict(params=seq([4, 2]), indices=t([[3, 0], [1, 1]], i32), axis=t(0, i32)), {}),
    ("GatherV2", dict(params=seq([2, 3, 2]), indices=t([[2, 0], [1, 1]], i32), axis=t(1, i32)), dict(batch_dims=1)),
    ("GatherV2", dict(params=t([1, 2, 3], i32), indices=t([0, 7], i32), axis=t(0, i32)), {}),
    ("Tile", dict(input=seq([2, 3]), multiples=t([2, 1], i32)), {}),
    ("Tile", dict(input=seq([2]), multiples=t([1, 2], i32)), {}),
    ("Fill", dict(dims=t([2, 3], i32), value=t(1.5)), {}),
    ("Fill", dict(dims=t([2, -1], i32), value=t(1.5)), {}),
    ("ZerosLike", dict(x=seq([2, 3], i64)), {}),
    ("OnesLike", dict(x=seq([2])), {}),
    ("Range", dict(start=t(1, i32), limit=t(10, i32), delta=t(3, i32)), {}),
    ("Range", dict(start=t(0.5), limit=t(-1.0), delta=t(-0.4)), {}),
    ("Range", dict(start=t(0, i32), limit=t(10, i32), delta=t(0, i32)), {}),
    ("SelectV2", dict(condition=t([[True], [False]], bool), t=seq([2, 3]), e=t(0.0)), {}),
    ("SelectV2", dict(condition=t([True, False], bool), t=seq([3]), e=seq([3])), {}),
    ("Select", dict(condition=t([True, False], bool), x=seq([2, 2]), y=seq([2, 2], offset=5.0)), {}),
    ("BroadcastTo", dict(input=seq([3, 1]), shape=t([2, 3, 4], i32)), {}),
    ("BroadcastGradientArgs", dict(s0=t([2, 1, 3], i32), s1=t([4, 3], i32)), {}),
    ("BroadcastGradientArgs", dict(s0=t([1, 3], i32), s1=t([1, 3], i32)), {}),
    ("ClipByValue", dict(t=seq([5]), clip_value_min=t(-0.5), clip_value_max=t(0.5)), {}),
    ("AddN", dict(inputs=[seq([2]), seq([2]), seq([2])]), {}),
    ("AddN", dict(inputs=[seq([2]), seq([3])]), {}),
    ("Where", dict(condition=t([[True, False], [False, True]], bool)), {}),
    ("OneHot", dict(indices=t([0, 2, -1], i32), depth=t(3, i32), on_value=t(5.0), off_value=t(-1.0)), {}),
    ("OneHot", dict(indices=t([0, 5], i32), depth=t(-1, i32), on_value=t(1.0), off_value=t(0.0)), {}),
    # nn
    ("BiasAdd", dict(value=seq([2, 3]), bias=t([1, 2, 3])), {}),
    ("BiasAdd", dict(value=seq([2, 3, 2, 2]), bias=t([1, 2, 3])), dict(data_format="NCHW")),
    ("BiasAdd", dict(value=seq([2, 3]), bias=t([1, 2])), {}),
    ("BiasAddGrad", dict(out_backprop=seq([2, 3, 2])), {}),
    ("Softmax", dict(logits=seq([2, 3])), {}),
    ("Softmax", dict(logits=t(1.0)), {}),
    ("LogSoftmax", dict(logits=seq([2, 3], f64)), {}),
    ("SparseSoftmaxCrossEntropyWithLogits", dict(features=seq([2, 3]), labels=t([0, 2], i32)), {}),
    ("SparseSoftmaxCrossEntropyWithLogits", dict(features=seq([2, 3]), labels=t([0, 5], i32)), {}),
    ("SoftmaxCrossEntropyWithLogits", dict(features=seq([2, 3]), labels=t([[0.2, 0.3, 0.5], [1, 0, 0]])), {}),
    ("ReluGrad", dict(gradients=seq([3]), features=t([-1.0, 0.0, 1.0])), {}),
    ("SigmoidGrad", dict(y=t([0.2, 0.5]), dy=t([1.0, 2.0])), {}),
    ("Conv2D", dict(input=seq([2, 5, 5, 3]), filter=seq([3, 3, 3, 4])), dict(strides=[1, 2, 2, 1], padding="SAME")),
    ("Conv2D", dict(input=seq([1, 6, 5, 2]), filter=seq([2, 3, 2, 3])), dict(strides=[1, 1, 2, 1], padding="VALID", dilations=[1, 2, 1, 1])),
    ("Conv2D", dict(input=seq([1, 4, 4, 2]), filter=seq([3, 3, 2, 2])),
     dict(strides=[1, 1, 1, 1], padding="EXPLICIT", explicit_paddings=[0, 0, 1, 0, 2, 1, 0, 0])),
    ("Conv2D", dict(input=seq([1, 4, 4, 2]), filter=seq([3, 3, 3, 1])), dict(strides=[1, 1, 1, 1], padding="SAME")),
    ("Conv2DBackpropInput", dict(input_sizes=t([2, 5, 5, 3], i32), filter=seq([3, 3, 3, 4]), out_backprop=seq([2, 3, 3, 4])),
     dict(strides=[1, 2, 2, 1], padding="SAME")),
    ("Conv2DBackpropFilter", dict(input=seq([2, 5, 5, 3]), filter_sizes=t([3, 3, 3, 4], i32), out_backprop=seq([2, 3, 3, 4])),
     dict(strides=[1, 2, 2, 1], padding="SAME")),
    ("MaxPool", dict(input=seq([1, 5, 5, 2])), dict(ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding="SAME")),
    ("MaxPool", dict(input=seq([1, 4, 4])), dict(ksize=[1, 2, 2, 1], strides=[1, 1, 1, 1], padding="SAME")),
    ("AvgPool", dict(value=seq([1, 5, 5, 2])), dict(ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding="SAME")),
    ("AvgPool", dict(value=seq([1, 5, 4, 1])), dict(ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID")),
    ("MaxPoolGrad", dict(orig_input=seq([1, 4, 4, 1]), orig_output=seq([1, 2, 2, 1]), grad=seq([1, 2, 2, 1])),
     dict(ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="VALID")),
    ("AvgPoolGrad", dict(orig_input_shape=t([1, 5, 5, 2], i32), grad=seq([1, 3, 3, 2])),
     dict(ksize=[1, 3, 3, 1], strides=[1, 2, 2, 1], padding="SAME")),
    ("FusedBatchNormV3", dict(x=seq([2, 3, 3, 2]), scale=t([1.0, 2.0]), offset=t([0.5, -0.5]), mean=t([], f32), variance=t([], f32)),
     dict(epsilon=0.001)),
    ("FusedBatchNormV3", dict(x=seq([2, 2, 2, 2]), scale=t([1.0, 2.0]), offset=t([0.5, -0.5]), mean=t([0.1, 0.2]),
                              variance=t([1.5, 0.5])), dict(is_training=False)),
    ("FusedBatchNormV3", dict(x=seq([1, 4, 4, 2]), scale=t([1.0, 1.0, 1.0]), offset=t([0.0, 0.0]), mean=t([], f32), variance=t([], f32)), {}),
]

# Stateful random ops continue their stream per (op, attrs, seeds) as TF's eager kernel cache
# does: repeated cases check the stream position after each call.
_logits = tf.math.log(tf.constant([[0.5, 0.5, 0.0001], [0.1, 0.2, 0.7]]))
CASES += [
    ("RandomUniform", dict(shape=t([2, 3], i32)), dict(dtype=tf.float32, seed=1, seed2=2)),
    ("RandomUniform", dict(shape=t([2, 3], i32)), dict(dtype=tf.float32, seed=1, seed2=2)),
    ("RandomUniform", dict(shape=t([4], i32)), dict(dtype=tf.float64, seed=1, seed2=2)),
    ("RandomStandardNormal", dict(shape=t([5], i32)), dict(dtype=tf.float64, seed=3, seed2=4)),
    ("RandomStandardNormal", dict(shape=t([5], i32)), dict(dtype=tf.float64, seed=3, seed2=4)),
    ("TruncatedNormal", dict(shape=t([7], i32)), dict(dtype=tf.float32, seed=5, seed2=6)),
    ("RandomUniformInt", dict(shape=t([6], i32), minval=t(0, i32), maxval=t(10, i32)), dict(seed=7, seed2=8)),
    ("RandomUniformInt", dict(shape=t([6], i32), minval=t(-5, i64), maxval=t(100, i64)), dict(seed=7, seed2=8)),
    ("RandomUniformInt", dict(shape=t([3], i32), minval=t(5, i32), maxval=t(2, i32)), dict(seed=1, seed2=1)),
    ("RandomShuffle", dict(value=t(list(range(8)), i32)), dict(seed=1, seed2=2)),
    ("RandomShuffle", dict(value=t(list(range(8)), i32)), dict(seed=1, seed2=2)),
    ("RandomShuffle", dict(value=t(list(range(5)), i32)), dict(seed=1, seed2=2)),
    ("RandomShuffle", dict(value=seq([6, 2])), dict(seed=3, seed2=4)),
    ("Multinomial", dict(logits=_logits, num_samples=t(10, i32)), dict(seed=4, seed2=7)),
    ("Multinomial", dict(logits=_logits, num_samples=t(10, i32)), dict(seed=4, seed2=7)),
    ("Multinomial", dict(logits=_logits, num_samples=t(3, i32)), dict(seed=4, seed2=7, output_dtype=tf.int32)),
    ("Multinomial", dict(logits=t([[1.0, 2.0, 3.0, 4.0, float("-inf")]]), num_samples=t(20, i32)), dict(seed=9, seed2=1)),
    ("Multinomial", dict(logits=t([1.0, 2.0]), num_samples=t(2, i32)), dict(seed=1, seed2=1)),
    ("StringFormat", dict(inputs=[t([1, 2, 3], i32), t([[1.5, 2], [3, 4]])]), dict(template="a: {} b: {}", placeholder="{}", summarize=3)),
    ("StringFormat", dict(inputs=[t(list(range(10)), i32)]), dict(template="x=%s", summarize=2)),
    ("StringFormat", dict(inputs=[t([1], i32)]), dict(template="%s %s")),
    ("Assert", dict(condition=t(False, bool), data=[t("bad value:", object), t([1, 2], i32)]), dict(summarize=3)),
    ("Assert", dict(condition=t(True, bool), data=[t("fine", object)]), {}),
]

# Image resizing: tf.image.resize's half-pixel centers, tf.compat.v1's align_corners and legacy
# corners, shrinking and growing, integer images, and the kernels' argument checks.
_img = t([[[[1], [2], [4]], [[3], [5], [9]]]], i32)
CASES += [
    ("ResizeBilinear", dict(images=seq([2, 3, 4, 2]), size=t([5, 7], i32)), dict(half_pixel_centers=True)),
    ("ResizeBilinear", dict(images=seq([1, 5, 6, 1]), size=t([2, 4], i32)), dict(half_pixel_centers=True)),
    ("ResizeBilinear", dict(images=seq([1, 3, 4, 2]), size=t([6, 5], i32)), dict(align_corners=True)),
    ("ResizeBilinear", dict(images=seq([1, 3, 4, 1]), size=t([5, 3], i32)), {}),
    ("ResizeBilinear", dict(images=_img, size=t([3, 5], i32)), dict(half_pixel_centers=True)),
    ("ResizeBilinear", dict(images=seq([3, 4, 2]), size=t([2, 2], i32)), {}),
    ("ResizeBilinear", dict(images=seq([1, 3, 4, 2]), size=t([2], i32)), {}),
    ("ResizeBilinear", dict(images=seq([1, 3, 4, 2]), size=t([0, 2], i32)), {}),
    ("ResizeBilinear", dict(images=seq([1, 3, 4, 2]), size=t([2, 2], i32)), dict(align_corners=True, half_pixel_centers=True)),
    ("ResizeNearestNeighbor", dict(images=seq([2, 3, 4, 2]), size=t([5, 7], i32)), dict(half_pixel_centers=True)),
    ("ResizeNearestNeighbor", dict(images=seq([1, 5, 6, 1]), size=t([3, 4], i32)), dict(half_pixel_centers=True)),
    ("ResizeNearestNeighbor", dict(images=seq([1, 5, 6, 1]), size=t([3, 4], i32)), dict(align_corners=True)),
    ("ResizeNearestNeighbor", dict(images=seq([1, 5, 6, 1]), size=t([4, 9], i32)), {}),
    ("ResizeNearestNeighbor", dict(images=_img, size=t([5, 2], i32)), dict(half_pixel_centers=True)),
    ("ResizeNearestNeighbor", dict(images=seq([1, 3, 4, 2]), size=t([-1, 2], i32)), {}),
]

# OpDef attr name -> raw_ops keyword where they differ.
PY_ATTR_NAMES = {"squeeze_dims": "axis"}

# Outputs that TF leaves uninitialised or device-specific: not compared.
SKIP_OUTPUTS = {"FusedBatchNormV3": [3, 4, 5]}


def encode_tensor(x):
    x = tf.convert_to_tensor(x)
    v = x.numpy()
    if x.dtype == tf.string:
        values = [s.decode("utf-8", "replace") for s in np.array(v, dtype=object).reshape(-1).tolist()]
    else:
        # JSON has no NaN or infinities: they are written as strings.
        values = [str(e) if isinstance(e, float) and not np.isfinite(e) else e for e in v.reshape(-1).tolist()]
    return {"dtype": x.dtype.name, "shape": list(x.shape), "values": values}


def encode_attr(v):
    if isinstance(v, tf.DType):
        return {"type": v.name}
    if isinstance(v, bool):
        return {"b": v}
    if isinstance(v, int):
        return {"i": v}
    if isinstance(v, float):
        return {"f": v}
    if isinstance(v, str):
        return {"s": v}
    if isinstance(v, list):
        return {"list_i": v}
    raise TypeError(v)


def record(op, kwargs, attrs):
    # raw_ops keyword names differ from OpDef names for a few ops (Sum's axis is
    # reduction_indices), so cases list their inputs in OpDef order.
    assert len(kwargs) == len(op_def_registry.get(op).input_arg), op
    inputs = []
    for value in kwargs.values():
        for x in value if isinstance(value, list) else [value]:
            inputs.append(encode_tensor(x))
    entry = {"op": op, "inputs": inputs, "attrs": {k: encode_attr(v) for k, v in attrs.items()}}
    try:
        py_attrs = {PY_ATTR_NAMES.get(k, k): v for k, v in attrs.items()}
        out = getattr(tf.raw_ops, op)(**kwargs, **py_attrs)
        outs = [] if out is None else list(out) if isinstance(out, (list, tuple)) else [out]
        entry["outputs"] = [encode_tensor(o) for o in outs]
        entry["skip_outputs"] = SKIP_OUTPUTS.get(op, [])
    except tf.errors.OpError as e:
        message = str(e)
        # Python's raw_ops wrapper appends " name: <name>"; the engine's message stops before it.
        if message.endswith(" name: "):
            message = message[: -len(" name: ")]
        entry["error"] = {"class": type(e).__name__, "message": message}
    return entry


def main():
    entries = [record(op, kwargs, attrs) for op, kwargs, attrs in CASES]
    with open(OUT, "w") as f:
        json.dump({"tensorflow": tf.__version__, "cases": entries}, f, indent=1)
        f.write("\n")
    print(f"wrote {len(entries)} cases to {os.path.normpath(OUT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
