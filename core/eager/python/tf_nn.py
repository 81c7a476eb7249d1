# Eager TensorFlow for GraphLens, part 2 of 3 (after tensorflow.py, before tf_runtime.py, all run
# into the one `tensorflow` module): tf.nn, tf.random, tf.image and the math/linalg namespaces.

# ----- nn ------------------------------------------------------------------------------------
import collections as _collections

_TopKV2 = _collections.namedtuple("TopKV2", ["values", "indices"])
_QrResult = _collections.namedtuple("Qr", ["q", "r"])


def relu(features, name=None):
    return _op("Relu", [features], None, name)


def relu6(features, name=None):
    return _op("Relu6", [features], None, name)


def elu(features, name=None):
    return _op("Elu", [features], None, name)


def selu(features, name=None):
    return _op("Selu", [features], None, name)


def leaky_relu(features, alpha=0.2, name=None):
    return _op("LeakyRelu", [features], {"alpha": alpha}, name)


def gelu(features, approximate=False, name=None):
    # TF's own formulas, op for op, so that the roundings agree.
    x = _t(features)
    if approximate:
        coeff = cast(0.044715, x.dtype)
        return 0.5 * x * (1.0 + tanh(0.7978845608028654 * (x + coeff * pow(x, 3))))
    return 0.5 * x * erfc(-x * cast(0.7071067811865476, x.dtype))


def silu(features, beta=1.0, name=None):
    x = _t(features)
    return x * sigmoid(beta * x)


def _softmax_like(opname, logits, axis, name=None):
    x = _t(logits)
    r = _rank(x)
    if axis is None or axis == -1 or axis == r - 1:
        return _op(opname, [x], None, "", graph_name=name)
    perm = list(_pyrange(r))
    perm[axis], perm[-1] = perm[-1], perm[axis]
    return transpose(_op(opname, [transpose(x, perm)], None, ""), perm)


def softmax(logits, axis=None, name=None):
    return _softmax_like("Softmax", logits, axis, name)


def log_softmax(logits, axis=None, name=None):
    return _softmax_like("LogSoftmax", logits, axis, name)


def sparse_softmax_cross_entropy_with_logits(labels=None, logits=None, name=None):
    # as TF's nn_ops: in its scope, float16 in float32, TF's shape checks, logits of rank other than
    # 2 flattened to [-1, classes] (labels to [-1]) and the cost reshaped to the labels' shape
    with name_scope(name, "SparseSoftmaxCrossEntropyWithLogits"):
        labels = convert_to_tensor(labels)
        logits = convert_to_tensor(logits)
        precise = cast(logits, float32) if logits.dtype == float16 else logits
        labels_static = labels.shape
        labels_shape = shape(labels)  # made first, as TF's: a node of the graph even where unused
        logits_static = logits.shape
        fully_defined = labels_static.is_fully_defined() and (
            logits_static.rank is not None and TensorShape(logits_static.as_list()[:-1]).is_fully_defined())
        if logits_static.rank == 0:
            raise ValueError("`logits` cannot be a scalar. Received logits=%s`" % (format(logits, ""),))
        if logits_static.rank is not None and labels_static.rank is not None and \
                labels_static.rank != logits_static.rank - 1:
            raise ValueError("`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: labels.shape=%s of "
                             "rank %s and logits.shape=%s of rank %s" % (labels_static, labels_static.rank,
                                                                        logits_static, logits_static.rank))
        if fully_defined and labels_static.as_list() != logits_static.as_list()[:-1]:
            raise ValueError("`labels.shape` must equal `logits.shape` except for the last dimension. Received: "
                             "labels.shape=%s and logits.shape=%s" % (labels_static, logits_static))

        def rank2(lg, lb):
            return _op("SparseSoftmaxCrossEntropyWithLogits", [lg, lb], None, None, True, graph_name=name)[0]

        if logits_static.rank == 2:
            cost = rank2(precise, labels)
            return cast(cost, float16) if logits.dtype == float16 else cost
        if not fully_defined:
            assert_equal(shape(labels), shape(logits)[:-1])
        num_classes = shape(logits)[rank(logits) - 1]
        cost = rank2(reshape(precise, [-1, num_classes]), reshape(labels, [-1]))
        cost = reshape(cost, labels_shape)
        if _core.tracing():
            cost.set_shape(labels_static)
        return cast(cost, float16) if logits.dtype == float16 else cost


def _flatten_outer_dims(x):
    # TF's nn_ops._flatten_outer_dims: [..., n] -> [-1, n]
    r = rank(x)
    last_dim_size = slice(shape(x), [subtract(r, 1)], [1])
    return reshape(x, concat([[-1], last_dim_size], 0))


def softmax_cross_entropy_with_logits(labels=None, logits=None, axis=-1, name=None):
    # as TF's softmax_cross_entropy_with_logits_v2_helper: the class axis moved last, both
    # flattened to matrices for the kernel, the cost reshaped to the input's shape without it
    with name_scope(name, "softmax_cross_entropy_with_logits") as scope:
        logits = convert_to_tensor(logits, name="logits")
        labels = convert_to_tensor(labels, name="labels")
        half = logits.dtype in (float16, bfloat16)
        precise = cast(logits, float32) if half else logits
        labels = cast(labels, precise.dtype)
        input_rank = rank(precise)
        static = logits.shape
        if axis != -1:
            def move_to_end(t, dim, r):
                return transpose(t, concat([range(dim), range(dim + 1, r), [dim]], 0))
            precise = move_to_end(precise, axis, input_rank)
            labels = move_to_end(labels, axis, input_rank)
        input_shape = shape(precise)
        precise = _flatten_outer_dims(precise)
        labels = _flatten_outer_dims(labels)
        cost = _op("SoftmaxCrossEntropyWithLogits", [precise, labels], None, None, True,
                   scope_name=scope[:-1])[0]
        output_shape = slice(input_shape, [0], [subtract(input_rank, 1)])
        cost = reshape(cost, output_shape)
        return cast(cost, logits.dtype) if half else cost


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    # as TF's nn_impl: in a "logistic_loss" scope, v1 where (Select) picks relu(x) and -|x|, the
    # AddV2 named after the scope
    with name_scope(name, "logistic_loss") as scope:
        logits = convert_to_tensor(logits, name="logits")
        labels = convert_to_tensor(labels, name="labels", preferred_dtype=logits.dtype)
        if not labels.shape.is_compatible_with(logits.shape):
            raise ValueError("`logits` and `labels` must have the same shape, received (%s vs %s)."
                             % (logits.shape, labels.shape))
        zeros_ = zeros_like(logits, dtype=logits.dtype)
        cond = logits >= zeros_
        relu_logits = _op("Select", [cond, logits, zeros_])
        neg_abs_logits = _op("Select", [cond, -logits, logits])
        return _op("AddV2", [relu_logits - logits * labels, log1p(exp(neg_abs_logits))], scope_name=scope[:-1])


def bias_add(value, bias, data_format=None, name=None):
    return _op("BiasAdd", [value, bias], {"data_format": "NHWC" if data_format in (None, "N...C") else data_format}, name)


def _ntuple(v, n, data_format="NHWC"):
    if isinstance(v, _pyint):
        v = [v] * n
    v = list(v)
    if len(v) == n:
        return [1] + v + [1] if data_format.endswith("C") else [1, 1] + v
    if len(v) == 1:
        return [1] + v * n + [1]
    return v


def _window_attrs(strides, padding, data_format, dilations):
    # A convolution's attrs; padding given as [[before, after], ...] per dimension is EXPLICIT.
    attrs = {"strides": strides, "padding": padding, "data_format": data_format}
    if dilations is not None:
        attrs["dilations"] = _ntuple(dilations, 2, data_format)
    if isinstance(padding, (list, _pytuple)):
        attrs["padding"] = "EXPLICIT"
        flat = []
        for p in padding:
            flat += list(p)
        attrs["explicit_paddings"] = flat
    return attrs


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None):
    data_format = data_format or "NHWC"
    attrs = _window_attrs(_ntuple(strides, 2, data_format), padding, data_format, dilations)
    # TF's eager errors end with " name: NAME" ("" when none was given).
    return _op("Conv2D", [input, filters], attrs, "" if name is None else name)


def _conv1d(input, filters, stride, padding, data_format="NWC", dilations=None, name=None):
    # As TF: a Conv2D over [batch, 1, width, channels] with a [1, width, in, out] filter.
    if data_format not in (None, "NWC", "NHWC", "NCW", "NCHW"):
        raise ValueError("`data_format` must be 'NWC' or 'NCW'. Received: data_format=%s" % data_format)
    channels_first = data_format in ("NCW", "NCHW")
    spatial = -2 if channels_first else -3
    fmt = "NCHW" if channels_first else "NHWC"

    def window(v):
        # A stride or dilation of the width as the 4-D Conv2D attr (height 1); three values as given.
        v = [v] if isinstance(v, _pyint) else list(v)
        if len(v) != 1:
            return [1] + v
        return [1, 1] + v if channels_first else [1, 1] + v + [1]

    attrs = {"strides": window(stride), "padding": padding, "data_format": fmt}
    if dilations is not None:
        attrs["dilations"] = window(dilations)
    x = expand_dims(input, spatial)
    f = expand_dims(filters, 0)
    out = _op("Conv2D", [x, f], attrs, "" if name is None else name, graph_name=name or "conv1d")
    return squeeze(out, [spatial])


def _conv2d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NHWC", dilations=None,
                     name=None):
    # As TF: the gradient of Conv2D with respect to its input.
    data_format = data_format or "NHWC"
    attrs = _window_attrs(_ntuple(strides, 2, data_format), padding, data_format, dilations)
    return _op("Conv2DBackpropInput", [output_shape, filters, input], attrs, name,
               graph_name=name or "conv2d_transpose")


def _depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None, name=None):
    # TF runs a dilated depthwise convolution through SpaceToBatchND; GraphLens's kernel takes the
    # dilations itself (the same values, other nodes).
    data_format = data_format or "NHWC"
    attrs = _window_attrs(list(strides), padding, data_format, dilations)
    _depthwise_graph_consts("depthwise", filter, dilations, data_format)
    return _op("DepthwiseConv2dNative", [input, filter], attrs, "" if name is None else name,
               graph_name=name or "depthwise")


def _depthwise_graph_consts(scope, filter, dilations, data_format):
    # TF's depthwise wrappers leave the filter's shape and the dilation rate in a traced graph as
    # constants (nothing reads them; grappler prunes them).
    if not _core.tracing():
        return
    filter_shape = _core.shape_of(_t(filter))
    if filter_shape is not None and None not in filter_shape:
        _named_graph_const(list(filter_shape), int32, scope + "/Shape")
    rate = [1, 1] if dilations is None else list(_ntuple(dilations, 2, data_format)[1:3])
    _named_graph_const(rate, int32, scope + "/dilation_rate")


def _separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding, data_format=None, dilations=None,
                      name=None):
    # As TF: a depthwise convolution ("separable_conv2d/depthwise") then a 1x1 Conv2D.
    data_format = data_format or "NHWC"
    attrs = _window_attrs(list(strides), padding, data_format, dilations)
    _depthwise_graph_consts("separable_conv2d", depthwise_filter, dilations, data_format)
    depthwise = _op("DepthwiseConv2dNative", [input, depthwise_filter], attrs, "" if name is None else name,
                    graph_name="separable_conv2d/depthwise")
    return _op("Conv2D", [depthwise, pointwise_filter], {"strides": [1, 1, 1, 1], "padding": "VALID",
                                                        "data_format": data_format}, "" if name is None else name,
               graph_name=name or "separable_conv2d")


def _top_k(input, k=1, sorted=True, index_type=int32, name=None):
    values, indices = _op("TopKV2", [input, k], {"sorted": sorted, "index_type": as_dtype(index_type)},
                          "" if name is None else name, multi=True)
    return _TopKV2(values, indices)


def scatter_nd(indices, updates, shape, name=None):
    return _op("ScatterNd", [indices, updates, shape], None, name)


bitwise = _Namespace(
    bitwise_and=lambda x, y, name=None: _op("BitwiseAnd", [x, y], None, name),
    bitwise_or=lambda x, y, name=None: _op("BitwiseOr", [x, y], None, name),
    bitwise_xor=lambda x, y, name=None: _op("BitwiseXor", [x, y], None, name),
    invert=lambda x, name=None: _op("Invert", [x], None, name),
    left_shift=lambda x, y, name=None: _op("LeftShift", [x, y], None, name),
    right_shift=lambda x, y, name=None: _op("RightShift", [x, y], None, name))


def _pool(opname, input, ksize, strides, padding, data_format, name=None):
    data_format = data_format or "NHWC"
    return _op(opname, [input], {"ksize": _ntuple(ksize, 2, data_format), "strides": _ntuple(strides, 2, data_format),
                                  "padding": padding, "data_format": data_format}, "" if name is None else name)


def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    return _pool("MaxPool", input, ksize, strides, padding, data_format, name)


def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    return _pool("AvgPool", input, ksize, strides, padding, data_format, name)


def fused_batch_norm(x, scale, offset, mean=None, variance=None, epsilon=0.001, data_format="NHWC", is_training=True,
                     name=None, exponential_avg_factor=1.0):
    x = _t(x)
    if mean is None:
        mean = constant([], float32)
    if variance is None:
        variance = constant([], float32)
    outs = _op("FusedBatchNormV3", [x, scale, offset, mean, variance],
               {"epsilon": epsilon, "data_format": data_format, "is_training": is_training,
                "exponential_avg_factor": exponential_avg_factor}, None, True)
    return outs[0], outs[1], outs[2]


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    inv = rsqrt(variance + variance_epsilon)
    if scale is not None:
        inv = inv * scale
    x = _t(x)
    return x * cast(inv, x.dtype) + cast(offset - mean * inv if offset is not None else -mean * inv, x.dtype)


def moments(x, axes, shift=None, keepdims=False, name=None):
    x = _t(x)
    mean = reduce_mean(x, axes, True)
    variance = reduce_mean(squared_difference(x, stop_gradient(mean)), axes, True)
    if not keepdims:
        mean = squeeze(mean, axes)
        variance = squeeze(variance, axes)
    return mean, variance


def l2_loss(t, name=None):
    return _op("L2Loss", [t], None, name)


def dropout(x, rate, noise_shape=None, seed=None, name=None):
    x = _t(x)
    if isinstance(rate, (_pyint, _pyfloat)) and rate == 0:
        return x
    scale = 1.0 / (1.0 - rate)
    ret = x * scale
    shp = _core.shape_of(x) if noise_shape is None else _shape_arg(noise_shape)
    rnd = _random_uniform(shp, 0, None, x.dtype, seed)
    keep = rnd >= rate
    return where(keep, ret, zeros_like(ret))


def _embedding_lookup(params, ids, max_norm=None, name=None):
    # as TF's embedding_ops: the rows gathered, then (max_norm) each embedding clipped to that
    # l2-norm over the dims past the ids' (clip_by_norm)
    result = gather(params, ids)
    if max_norm is None:
        return result
    ids_rank = len(_core.shape_of(_t(ids)))
    return clip_by_norm(result, max_norm, axes=list(_pyrange(ids_rank, len(_core.shape_of(result)))))


nn = _Namespace(
    relu=relu, relu6=relu6, elu=elu, selu=selu, leaky_relu=leaky_relu, gelu=gelu, silu=silu, swish=silu,
    sigmoid=sigmoid, tanh=tanh, softplus=softplus, softmax=softmax, log_softmax=log_softmax,
    sparse_softmax_cross_entropy_with_logits=sparse_softmax_cross_entropy_with_logits,
    softmax_cross_entropy_with_logits=softmax_cross_entropy_with_logits,
    sigmoid_cross_entropy_with_logits=sigmoid_cross_entropy_with_logits,
    bias_add=bias_add, conv2d=conv2d, conv1d=_conv1d, conv2d_transpose=_conv2d_transpose, top_k=_top_k,
    depthwise_conv2d=_depthwise_conv2d, separable_conv2d=_separable_conv2d,
    max_pool2d=max_pool2d, avg_pool2d=avg_pool2d, max_pool=max_pool2d,
    avg_pool=avg_pool2d, fused_batch_norm=fused_batch_norm, batch_normalization=batch_normalization,
    moments=moments, l2_loss=l2_loss, dropout=dropout, l2_normalize=l2_normalize,
    embedding_lookup=_embedding_lookup)


# ----- random --------------------------------------------------------------------------------
def _random_seed_pair(seed):
    return _core.rand_get_seed(seed)


_STATEFUL_RANDOM_OPS = {"normal": "RandomStandardNormal", "uniform": "RandomUniform", "truncated": "TruncatedNormal"}


def _stateful_random(kind, shape, dtype, seed, minval=None, maxval=None):
    # Eagerly the kernel on the eager random state; in a trace TF's graph op, which keeps its own
    # stream and so draws new values at every call of the function.
    s1, s2 = _random_seed_pair(seed)
    if not _core.tracing():
        if kind == "uniform_int":
            return _core.rand_fill(kind, _shape_list(shape), dtype, s1, s2, _pyint(minval), _pyint(maxval))
        return _core.rand_fill(kind, _shape_list(shape), dtype, s1, s2)
    shp = shape if is_tensor(shape) else _convert(_shape_list(shape), None, int32)
    if kind == "uniform_int":
        return _op("RandomUniformInt", [shp, _convert(minval, None, dtype), _convert(maxval, None, dtype)],
                   {"seed": s1, "seed2": s2})
    return _op(_STATEFUL_RANDOM_OPS[kind], [shp], {"seed": s1, "seed2": s2, "dtype": dtype})


def _random_normal(shape, mean=0.0, stddev=1.0, dtype=float32, seed=None, kind="normal"):
    dtype = as_dtype(dtype)
    rnd = _stateful_random(kind, shape, dtype, seed)
    mul = rnd * _core.constant(stddev, dtype) if not is_tensor(stddev) else rnd * stddev
    return add(mul, _core.constant(mean, dtype) if not is_tensor(mean) else mean)


def _shape_list(shape):
    if is_tensor(shape):
        return shape.numpy().tolist() if _rank(shape) > 0 else [_pyint(shape)]
    if isinstance(shape, TensorShape):
        return shape.as_list()
    if isinstance(shape, _pyint):
        return [shape]
    return [_pyint(s) for s in shape]


def _random_uniform(shape, minval=0, maxval=None, dtype=float32, seed=None, name=None):
    dtype = as_dtype(dtype)
    if dtype.is_integer:
        if maxval is None:
            raise ValueError("Must specify maxval for integer dtype %r" % dtype)
        return _stateful_random("uniform_int", shape, dtype, seed, minval, maxval)
    minval_is_zero = isinstance(minval, _pyint) and not isinstance(minval, _pybool) and minval == 0
    if maxval is None:
        maxval = 1
    maxval_is_one = isinstance(maxval, _pyint) and not isinstance(maxval, _pybool) and maxval == 1
    if not minval_is_zero or not maxval_is_one:
        minval = convert_to_tensor(minval, dtype)
        maxval = convert_to_tensor(maxval, dtype)
    rnd = _stateful_random("uniform", shape, dtype, seed)
    if minval_is_zero:
        if not maxval_is_one:
            rnd = multiply(rnd, maxval)
        return rnd
    return add(rnd * (maxval - minval), minval)


def _random_truncated_normal(shape, mean=0.0, stddev=1.0, dtype=float32, seed=None, name=None):
    return _random_normal(shape, mean, stddev, dtype, seed, "truncated")


def _stateless_seed(seed):
    s = _t(seed).numpy().tolist() if is_tensor(seed) or _npm._np.is_array(seed) else list(seed)
    return _pyint(s[0]), _pyint(s[1])


def _graph_stateless(opname, shape, seed, dtype):
    # In a graph: TF's stateless V2 ops on a key/counter from the seed (the values equal the eager
    # kernels': same Philox streams).
    seed = _convert(seed, None, int64) if not is_tensor(seed) else seed
    key, counter = _op("StatelessRandomGetKeyCounter", [seed])
    shp = shape if is_tensor(shape) else _convert(_shape_arg(shape), None, int32)
    # alg 3 (auto-select): what TF's stateless functions put in graphs (Philox on CPU).
    return _op(opname, [shp, key, counter, _core.constant(3, int32)], {"dtype": dtype})


def _stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=float32, name=None, alg="auto_select", kind="normal"):
    dtype = as_dtype(dtype)
    if _core.tracing():  # graph ops, as TF's graph has them
        rnd = _graph_stateless("StatelessTruncatedNormalV2" if kind == "truncated" else "StatelessRandomNormalV2",
                               shape, seed, dtype)
        mul = rnd * _core.constant(stddev, dtype) if not is_tensor(stddev) else rnd * stddev
        return add(mul, _core.constant(mean, dtype) if not is_tensor(mean) else mean)
    a, b = _stateless_seed(seed)
    rnd = _core.rand_stateless(kind, _shape_list(shape), dtype, a, b)
    mul = rnd * _core.constant(stddev, dtype) if not is_tensor(stddev) else rnd * stddev
    return add(mul, _core.constant(mean, dtype) if not is_tensor(mean) else mean)


def _stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=float32, name=None, alg="auto_select"):
    return _stateless_normal(shape, seed, mean, stddev, dtype, name, alg, "truncated")


def _stateless_uniform(shape, seed, minval=0, maxval=None, dtype=float32, name=None, alg="auto_select"):
    dtype = as_dtype(dtype)
    if _core.tracing() and not dtype.is_integer:
        rnd = _graph_stateless("StatelessRandomUniformV2", shape, seed, dtype)
        minval = convert_to_tensor(0 if minval is None else minval, dtype)
        maxval = convert_to_tensor(1 if maxval is None else maxval, dtype)
        return add(rnd * (maxval - minval), minval)
    a, b = _stateless_seed(seed)
    if dtype.is_integer:
        return _core.rand_stateless("uniform_int", _shape_list(shape), dtype, a, b, _pyint(minval), _pyint(maxval))
    if maxval is None:
        maxval = 1
    rnd = _core.rand_stateless("uniform", _shape_list(shape), dtype, a, b)
    minval = convert_to_tensor(minval, dtype)
    maxval = convert_to_tensor(maxval, dtype)
    return add(rnd * (maxval - minval), minval)


def _set_seed(seed):
    _core.rand_seed(seed)


def _random_shuffle(value, seed=None, name=None):
    s1, s2 = _random_seed_pair(seed)
    return _op("RandomShuffle", [value], {"seed": s1, "seed2": s2})


def _random_categorical(logits, num_samples, dtype=None, seed=None, name=None):
    s1, s2 = _random_seed_pair(seed)
    out = int64 if dtype is None else as_dtype(dtype)
    return _op("Multinomial", [logits, convert_to_tensor(num_samples, int32)],
               {"seed": s1, "seed2": s2, "output_dtype": out})


def _stateless_categorical(logits, num_samples, seed, dtype=int64, name=None):
    dtype = as_dtype(dtype) if dtype else int64
    if dtype not in (int32, int64):
        raise ValueError("Argument `dtype` got invalid value %s. Accepted dtypes are tf.int32, tf.int64." % (dtype,))
    logits = convert_to_tensor(logits)
    seed = seed if is_tensor(seed) else _convert(seed, None, int64)
    return _op("StatelessMultinomial", [logits, convert_to_tensor(num_samples, int32), seed],
               {"output_dtype": dtype})


random = _Namespace(set_seed=_set_seed, normal=_random_normal, uniform=_random_uniform,
                    truncated_normal=_random_truncated_normal, stateless_normal=_stateless_normal,
                    stateless_uniform=_stateless_uniform, stateless_truncated_normal=_stateless_truncated_normal,
                    get_global_seed=_core.rand_global_seed, shuffle=_random_shuffle,
                    categorical=_random_categorical, stateless_categorical=_stateless_categorical)
random_normal_initializer = None


# ----- image ---------------------------------------------------------------------------------
class _ResizeMethod:
    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"
    BICUBIC = "bicubic"
    AREA = "area"
    LANCZOS3 = "lanczos3"
    LANCZOS5 = "lanczos5"
    GAUSSIAN = "gaussian"
    MITCHELLCUBIC = "mitchellcubic"


def _image_resize(images, size, method="bilinear", preserve_aspect_ratio=False, antialias=False, name=None):
    # tf.image.resize (resize_images_v2): TF's checks in its order, then the resize op with
    # half-pixel centers on a batch (a single image gains and loses a batch dimension).
    images = convert_to_tensor(images)
    shape = _core.shape_of(images)
    if shape is None:
        raise ValueError("'images' contains no shape.")
    if len(shape) not in (3, 4):
        raise ValueError("'images' must have either 3 or 4 dimensions.")
    batched = len(shape) == 4
    if not batched:
        images = expand_dims(images, 0)
    try:
        if isinstance(size, (list, tuple)) and any(is_tensor(s) for s in size):
            size = stack([convert_to_tensor(s, int32) for s in size])  # TF packs such a list
        else:
            size = convert_to_tensor(size, int32)
    except (TypeError, ValueError):
        raise ValueError("'size' must be a 1-D int32 Tensor")
    size_shape = _core.shape_of(size)
    if size_shape is not None and (len(size_shape) != 1 or size_shape[0] not in (None, 2)):
        raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
    if preserve_aspect_ratio or antialias:
        raise NotImplementedError("tf.image.resize: preserve_aspect_ratio and antialias are not supported by GraphLens")
    if method == "bilinear":
        opname = "ResizeBilinear"
    elif method == "nearest":
        opname = "ResizeNearestNeighbor"
    elif method in ("bicubic", "area", "lanczos3", "lanczos5", "gaussian", "mitchellcubic"):
        raise NotImplementedError("tf.image.resize: method %r is not supported by GraphLens" % method)
    else:
        raise ValueError("Resize method is not implemented: {}".format(method))
    out = _op(opname, [images, size], {"half_pixel_centers": True, "align_corners": False})
    return out if batched else squeeze(out, [0])


def _image_rank_check(image):
    image = convert_to_tensor(image)
    shape = _core.shape_of(image)
    if shape is None or len(shape) < 3:
        raise ValueError("'image' (shape %s) must be at least three-dimensional." % (TensorShape(shape),))
    if len(shape) > 4:
        raise ValueError("'image' (shape %s) must have either 3 or 4 dimensions." % (TensorShape(shape),))
    return image, len(shape)


def _flip_left_right(image):
    image, rank = _image_rank_check(image)
    return reverse(image, [rank - 2])


def _flip_up_down(image):
    image, rank = _image_rank_check(image)
    return reverse(image, [rank - 3])


def _convert_image_dtype(image, dtype, saturate=False, name=None):
    # image_ops.convert_image_dtype: integers scale by their ranges, floats are in [0, 1]
    image = convert_to_tensor(image)
    dtype = as_dtype(dtype)
    if not dtype.is_floating and not dtype.is_integer:
        raise AttributeError("dtype must be either floating point or integer")
    if dtype == image.dtype:
        return identity(image)
    src = image.dtype
    if src.is_integer and dtype.is_integer:
        if src.max > dtype.max:
            scale = (src.max + 1) // (dtype.max + 1)
            return cast(floordiv(image, cast(scale, src)), dtype)
        scale = (dtype.max + 1) // (src.max + 1)
        return multiply(cast(image, dtype), cast(scale, dtype))
    if src.is_floating and dtype.is_floating:
        return cast(image, dtype)
    if src.is_integer:
        return multiply(cast(image, dtype), cast(1.0 / src.max, dtype))
    scale = dtype.max + 0.5
    scaled = multiply(image, cast(scale, src))
    if saturate:
        return _op("Cast", [clip_by_value(scaled, dtype.min, dtype.max)], {"DstT": dtype, "Truncate": False})
    return cast(scaled, dtype)


def _adjust_brightness(image, delta):
    image = convert_to_tensor(image)
    orig = image.dtype
    flt = image if orig in (float16, float32, float64) else _convert_image_dtype(image, float32)
    adjusted = add(flt, cast(delta, flt.dtype))
    return _convert_image_dtype(adjusted, orig, saturate=True)


def _rgb_to_grayscale(images, name=None):
    # (its MatMul is matrix-vector: TF's gemv sums in an order not reproduced yet; last bits may differ)
    images = convert_to_tensor(images)
    orig = images.dtype
    flt = _convert_image_dtype(images, float32)
    weights = constant([0.2989, 0.5870, 0.1140], float32)
    gray = tensordot(flt, weights, [[-1], [-1]])
    gray = expand_dims(gray, -1)
    return _convert_image_dtype(gray, orig)


def _image_hw(image):
    image, rank = _image_rank_check(image)
    dims = _core.shape_of(image)
    return image, rank, dims[rank - 3], dims[rank - 2]


def _crop_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    image, rank, h, w = _image_hw(image)
    for name, v in (("offset_width", offset_width), ("offset_height", offset_height)):
        if v < 0:
            raise ValueError("%s must be >= 0." % name)
    for name, v in (("target_width", target_width), ("target_height", target_height)):
        if v <= 0:
            raise ValueError("%s must be > 0." % name)
    if w is not None and w < target_width + offset_width:
        raise ValueError("width must be >= target + offset.")
    if h is not None and h < target_height + offset_height:
        raise ValueError("height must be >= target + offset.")
    lead = [0] * (rank - 3)
    return slice(image, lead + [offset_height, offset_width, 0], [-1] * (rank - 3) + [target_height, target_width, -1])


def _pad_to_bounding_box(image, offset_height, offset_width, target_height, target_width):
    image, rank, h, w = _image_hw(image)
    after_w, after_h = target_width - offset_width - w, target_height - offset_height - h
    if offset_height < 0:
        raise ValueError("offset_height must be >= 0")
    if offset_width < 0:
        raise ValueError("offset_width must be >= 0")
    if after_w < 0:
        raise ValueError("width must be <= target - offset")
    if after_h < 0:
        raise ValueError("height must be <= target - offset")
    paddings = [[0, 0]] * (rank - 3) + [[offset_height, after_h], [offset_width, after_w], [0, 0]]
    return pad(image, paddings)


def _resize_with_crop_or_pad(image, target_height, target_width):
    image, rank, h, w = _image_hw(image)
    if target_width <= 0:
        raise ValueError("target_width must be > 0.")
    if target_height <= 0:
        raise ValueError("target_height must be > 0.")
    wd, hd = target_width - w, target_height - h
    cropped = _crop_to_bounding_box(image, _pymax(-hd // 2, 0), _pymax(-wd // 2, 0), _pymin(target_height, h),
                                    _pymin(target_width, w))
    return _pad_to_bounding_box(cropped, _pymax(hd // 2, 0), _pymax(wd // 2, 0), target_height, target_width)


def _central_crop(image, central_fraction):
    image, rank, h, w = _image_hw(image)
    if central_fraction <= 0.0 or central_fraction > 1.0:
        raise ValueError("central_fraction must be within (0, 1]")
    if central_fraction == 1.0:
        return image
    # TF's box: the start rounded toward zero from (size - size * fraction) / 2 in float64
    top, left = _pyint((h - h * central_fraction) / 2), _pyint((w - w * central_fraction) / 2)
    lead = [0] * (rank - 3)
    return slice(image, lead + [top, left, 0], [-1] * (rank - 3) + [h - top * 2, w - left * 2, -1])


def _image_transpose(image, name=None):
    image, rank = _image_rank_check(image)
    return transpose(image, [1, 0, 2] if rank == 3 else [0, 2, 1, 3])


def _rot90(image, k=1, name=None):
    image, rank = _image_rank_check(image)
    h, w = rank - 3, rank - 2
    k = _pyint(k) % 4
    swap = [1, 0, 2] if rank == 3 else [0, 2, 1, 3]
    if k == 1:
        return transpose(reverse(image, [w]), swap)
    if k == 2:
        return reverse(image, [h, w])
    if k == 3:
        return reverse(transpose(image, swap), [w])
    return image


image = _Namespace(resize=_image_resize, ResizeMethod=_ResizeMethod, flip_left_right=_flip_left_right,
                   flip_up_down=_flip_up_down, convert_image_dtype=_convert_image_dtype,
                   adjust_brightness=_adjust_brightness, rgb_to_grayscale=_rgb_to_grayscale,
                   crop_to_bounding_box=_crop_to_bounding_box, pad_to_bounding_box=_pad_to_bounding_box,
                   resize_with_crop_or_pad=_resize_with_crop_or_pad, central_crop=_central_crop,
                   transpose=_image_transpose, rot90=_rot90)


# ----- math / linalg namespaces ----------------------------------------------------------------
math = _Namespace(
    unsorted_segment_sum=lambda data, segment_ids, num_segments, name=None: _op(
        "UnsortedSegmentSum", [data, segment_ids, num_segments], None, name),
    add=add, subtract=subtract, multiply=multiply, divide=divide, truediv=truediv, floordiv=floordiv,
    floormod=floormod, mod=mod, pow=pow, maximum=maximum, minimum=minimum, negative=negative, abs=abs,
    square=square, sqrt=sqrt, rsqrt=rsqrt, exp=exp, expm1=expm1, log=log, log1p=log1p, tanh=tanh,
    sigmoid=sigmoid, erf=erf, erfc=erfc, sign=sign, reciprocal=reciprocal, greater=greater, greater_equal=greater_equal, less=less,
    less_equal=less_equal, equal=equal, not_equal=not_equal, logical_and=logical_and, logical_or=logical_or,
    logical_not=logical_not, logical_xor=logical_xor, round=round, floor=floor, ceil=ceil, sin=sin, cos=cos,
    squared_difference=squared_difference, reduce_sum=reduce_sum, reduce_mean=reduce_mean,
    reduce_max=reduce_max, reduce_min=reduce_min, reduce_prod=reduce_prod, reduce_all=reduce_all,
    reduce_any=reduce_any, reduce_logsumexp=reduce_logsumexp, reduce_std=reduce_std,
    reduce_variance=reduce_variance, argmax=argmax, argmin=argmin, cumsum=cumsum, cumprod=cumprod,
    is_nan=is_nan, is_inf=is_inf, is_finite=is_finite, softplus=softplus, divide_no_nan=divide_no_nan,
    xdivy=xdivy, multiply_no_nan=multiply_no_nan, add_n=add_n, count_nonzero=count_nonzero,
    l2_normalize=l2_normalize, log_softmax=log_softmax, softmax=softmax, atan2=atan2, top_k=_top_k,
    realdiv=realdiv, confusion_matrix=None, real=real, imag=imag, conj=conj, angle=angle)
def _qr(input, full_matrices=False, name=None):
    q, r = _op("Qr", [input], {"full_matrices": True if full_matrices else False}, "" if name is None else name, multi=True)
    return _QrResult(q, r)


def _band_part(input, num_lower, num_upper, name=None):
    # tf.linalg.band_part: entries (i, j) with i - j <= num_lower and j - i <= num_upper kept (a
    # negative bound keeps that whole triangle), the rest zero
    x = _t(input)
    dims = shape(x)
    rows, cols = dims[-2], dims[-1]
    offset = reshape(range(cols), [1, -1]) - reshape(range(rows), [-1, 1])  # j - i
    keep = ones_like(offset, dtype=bool)
    if num_lower >= 0:
        keep = logical_and(keep, -offset <= num_lower)
    if num_upper >= 0:
        keep = logical_and(keep, offset <= num_upper)
    return where(keep, x, zeros_like(x))


linalg = _Namespace(matrix_transpose=matrix_transpose, eye=eye, matmul=matmul, norm=norm, l2_normalize=l2_normalize, einsum=einsum,
                    global_norm=global_norm, qr=_qr, band_part=_band_part, adjoint=adjoint)
