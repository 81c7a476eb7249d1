# tf.keras for GraphLens, part 5: keras.ops, Keras 3's backend-independent operations, as the
# TensorFlow backend runs them (each returns a tf.Tensor). Integer inputs of the float-valued ops
# (mean, exp, sqrt, log, ...) give float32, as Keras' result_type(x.dtype, float) does.


def _t(x, dtype=None):
    if dtype is not None:
        return _tf.cast(_tf.convert_to_tensor(x), dtype)
    return _tf.convert_to_tensor(x)


def _floating(x):
    x = _t(x)
    if x.dtype.is_floating or x.dtype.is_complex:
        return x
    return _tf.cast(x, "float32")


def _dtype(dtype):
    return "float32" if dtype is None else dtype


def _shape(x):
    x = _t(x)
    return tuple(x.shape)


def _mean(x, axis=None, keepdims=False):
    return _tf.reduce_mean(_floating(x), axis=axis, keepdims=keepdims)


def _sum(x, axis=None, keepdims=False):
    return _tf.reduce_sum(_t(x), axis=axis, keepdims=keepdims)


def _max(x, axis=None, keepdims=False, initial=None):
    return _tf.reduce_max(_t(x), axis=axis, keepdims=keepdims)


def _min(x, axis=None, keepdims=False, initial=None):
    return _tf.reduce_min(_t(x), axis=axis, keepdims=keepdims)


def _stack(x, axis=0):
    return _tf.stack([_t(v) for v in x], axis=axis)


def _concatenate(xs, axis=0):
    return _tf.concat([_t(v) for v in xs], axis=axis)


def _matmul(x1, x2):
    return _tf.matmul(_t(x1), _t(x2))


def _unary(fn, floating):
    def op(x):
        return fn(_floating(x) if floating else _t(x))
    op.__name__ = fn.__name__ if hasattr(fn, "__name__") else "op"
    return op


def _binary(fn):
    def op(x1, x2):
        return fn(_t(x1), _t(x2))
    return op


def _arange(start, stop=None, step=1, dtype=None):
    if stop is None:
        start, stop = 0, start
    return _tf.range(start, stop, step, dtype=dtype)


def _clip(x, x_min, x_max):
    return _tf.clip_by_value(_t(x), x_min, x_max)


def _where(condition, x1=None, x2=None):
    return _tf.where(_t(condition), x1, x2)


def _softmax(x, axis=-1):
    return _tf.nn.softmax(_floating(x), axis=axis)


ops = _Namespace(
    zeros=lambda shape, dtype=None: _tf.zeros(shape, _dtype(dtype)),
    ones=lambda shape, dtype=None: _tf.ones(shape, _dtype(dtype)),
    full=lambda shape, fill_value, dtype=None: _tf.fill(shape, _tf.cast(fill_value, _dtype(dtype))),
    convert_to_tensor=lambda x, dtype=None, sparse=None: _t(x, dtype),
    convert_to_numpy=lambda x: _t(x).numpy(),
    cast=lambda x, dtype: _tf.cast(_t(x), dtype),
    shape=_shape,
    reshape=lambda x, newshape: _tf.reshape(_t(x), newshape),
    transpose=lambda x, axes=None: _tf.transpose(_t(x), perm=axes),
    expand_dims=lambda x, axis: _tf.expand_dims(_t(x), axis),
    squeeze=lambda x, axis=None: _tf.squeeze(_t(x), axis=axis),
    stack=_stack,
    concatenate=_concatenate,
    matmul=_matmul,
    dot=_matmul,
    mean=_mean,
    sum=_sum,
    max=_max,
    min=_min,
    argmax=lambda x, axis=None: _tf.argmax(_t(x), axis=axis if axis is not None else 0),
    argmin=lambda x, axis=None: _tf.argmin(_t(x), axis=axis if axis is not None else 0),
    exp=_unary(_tf.exp, True),
    log=_unary(_tf.math.log, True),
    sqrt=_unary(_tf.sqrt, True),
    tanh=_unary(_tf.tanh, True),
    sigmoid=_unary(_tf.sigmoid, True),
    relu=_unary(_tf.nn.relu, False),
    abs=_unary(_tf.abs, False),
    absolute=_unary(_tf.abs, False),
    square=_unary(_tf.square, False),
    negative=_unary(_tf.negative, False),
    softmax=_softmax,
    add=_binary(_tf.add),
    subtract=_binary(_tf.subtract),
    multiply=_binary(_tf.multiply),
    divide=_binary(_tf.divide),
    power=_binary(_tf.pow),
    maximum=_binary(_tf.maximum),
    minimum=_binary(_tf.minimum),
    equal=_binary(_tf.equal),
    not_equal=_binary(_tf.not_equal),
    greater=_binary(_tf.greater),
    less=_binary(_tf.less),
    arange=_arange,
    clip=_clip,
    where=_where,
)
