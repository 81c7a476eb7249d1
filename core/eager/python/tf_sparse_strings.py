# tf.sparse.SparseTensor and tf.sparse, tf.strings and tf.io.decode_raw, and RaggedTensor/SparseTensor
# operands of tf's own functions (run into the tensorflow module after tf_ragged.py). String ops run
# TF's kernels (core/ops/kernels_string_text.cpp), so they also build graphs; SparseTensor's
# structural ops work on eager indices.


# ----- SparseTensor ----------------------------------------------------------------------------
class SparseTensor:
    """tf.sparse.SparseTensor: `values[k]` at `indices[k]` of a tensor of `dense_shape`."""

    def __init__(self, indices, values, dense_shape):
        self._indices = indices if is_tensor(indices) and indices.dtype == int64 else cast(_t(indices, int64), int64)
        self._values = _t(values)
        self._dense_shape = dense_shape if is_tensor(dense_shape) and dense_shape.dtype == int64 else cast(
            _t(dense_shape.as_list() if isinstance(dense_shape, TensorShape) else dense_shape, int64), int64)
        ish, vsh, dsh = (_core.shape_of(x) for x in (self._indices, self._values, self._dense_shape))
        if len(ish) != 2:
            raise ValueError("Shape %s must have rank 2" % TensorShape(ish))
        if len(vsh) != 1:
            raise ValueError("Shape %s must have rank 1" % TensorShape(vsh))
        if len(dsh) != 1:
            raise ValueError("Shape %s must have rank 1" % TensorShape(dsh))
        if ish[0] is not None and vsh[0] is not None and ish[0] != vsh[0]:
            raise ValueError("Dimensions %d and %d are not compatible" % (ish[0], vsh[0]))

    @classmethod
    def from_value(cls, value):
        return value if isinstance(value, SparseTensor) else cls(value.indices, value.values, value.dense_shape)

    indices = property(lambda self: self._indices)
    values = property(lambda self: self._values)
    dense_shape = property(lambda self: self._dense_shape)
    dtype = property(lambda self: self._values.dtype)

    @property
    def shape(self):
        return TensorShape(_core.tolist(self._dense_shape)) if not _core.is_symbolic(self._dense_shape) else TensorShape(
            [None] * _core.shape_of(self._dense_shape)[0])

    def get_shape(self):
        return self.shape

    def with_values(self, new_values):
        return SparseTensor(self._indices, new_values, self._dense_shape)

    def __repr__(self):
        return "SparseTensor(indices=%s, values=%s, dense_shape=%s)" % (self._indices, self._values, self._dense_shape)

    __str__ = __repr__

    def __mul__(self, other):
        return self.with_values(self._values * _sparse_dense_at(other, self))

    __rmul__ = __mul__

    def __truediv__(self, other):
        return self.with_values(self._values / _sparse_dense_at(other, self))

    def __neg__(self):
        return self.with_values(-self._values)

    def __abs__(self):
        return self.with_values(abs(self._values))

    def __add__(self, other):
        return _sparse_add(self, other)

    __radd__ = __add__

    def eval(self, *a, **k):
        raise NotImplementedError("SparseTensor.eval needs a TF1 session")


def _sparse_dense_at(other, sp):
    o = _t(other, sp.dtype) if not is_tensor(other) else other
    if _rank(o) == 0:
        return o
    return gather_nd(broadcast_to(o, _core.tolist(sp.dense_shape)), sp.indices)


def _sparse_rows(sp):
    return [_pytuple(r) for r in _core.tolist(sp.indices)]


def _sparse_to_dense(sp_input, default_value=None, validate_indices=True, name=None):
    sp = SparseTensor.from_value(sp_input)
    dv = zeros([], sp.dtype) if default_value is None else _t(default_value, sp.dtype)
    return _op("SparseToDense", [sp.indices, sp.dense_shape, sp.values, dv],
               {"validate_indices": True if validate_indices else False}, "" if name is None else name)


def _sparse_from_dense(tensor, name=None):
    t = _t(tensor)
    mask = not_equal(t, zeros_like(t))
    idx = where(mask)
    return SparseTensor(idx, gather_nd(t, idx), shape(t, out_type=int64))


def _sparse_reorder(sp_input, name=None):
    sp = SparseTensor.from_value(sp_input)
    rows = _sparse_rows(sp)
    order = sorted(_pyrange(len(rows)), key=lambda k: rows[k])
    perm = constant(order, int64) if order else zeros([0], int64)
    return SparseTensor(gather(sp.indices, perm), gather(sp.values, perm), sp.dense_shape)


def _sparse_add(a, b, threshold=0):
    if not isinstance(b, SparseTensor):
        return _sparse_to_dense(a) + b
    if not isinstance(a, SparseTensor):
        return a + _sparse_to_dense(b)
    ra, rb = _sparse_rows(a), _sparse_rows(b)
    va, vb = a.values, b.values
    keys = sorted(set(ra) | set(rb))
    pos_a = {r: k for k, r in enumerate(ra)}
    pos_b = {r: k for k, r in enumerate(rb)}
    out_vals = []
    for k in keys:
        parts = []
        if k in pos_a:
            parts.append(va[pos_a[k]])
        if k in pos_b:
            parts.append(vb[pos_b[k]])
        out_vals.append(parts[0] if len(parts) == 1 else parts[0] + parts[1])
    vals = stack(out_vals) if out_vals else zeros([0], a.dtype)
    idx = constant([list(k) for k in keys], int64) if keys else zeros([0, _core.shape_of(a.dense_shape)[0]], int64)
    return SparseTensor(idx, vals, a.dense_shape)


def _sparse_reduce(fn):
    def f(sp_input, axis=None, keepdims=False, output_is_sparse=False, name=None):
        sp = SparseTensor.from_value(sp_input)
        dense = _sparse_to_dense(_sparse_reorder(sp))
        return fn(dense, axis, keepdims)
    return f


def _sparse_dense_matmul(sp_a, b, adjoint_a=False, adjoint_b=False, name=None):
    a = _sparse_to_dense(_sparse_reorder(sp_a)) if isinstance(sp_a, SparseTensor) else sp_a
    bb = _sparse_to_dense(_sparse_reorder(b)) if isinstance(b, SparseTensor) else b
    return matmul(a, bb, adjoint_a=adjoint_a, adjoint_b=adjoint_b)


def _sparse_transpose(sp_input, perm=None, name=None):
    sp = SparseTensor.from_value(sp_input)
    r = _core.shape_of(sp.dense_shape)[0]
    perm = list(reversed(_pyrange(r))) if perm is None else list(perm)
    idx = gather(sp.indices, constant(perm, int32), axis=1)
    return _sparse_reorder(SparseTensor(idx, sp.values, gather(sp.dense_shape, constant(perm, int32))))


def _sparse_slice(sp_input, start, size, name=None):
    sp = SparseTensor.from_value(sp_input)
    st, sz = list(start), list(size)
    dims = _core.tolist(sp.dense_shape)
    keep = []
    rows = _sparse_rows(sp)
    for k, r in enumerate(rows):
        if _pyall(st[d] <= r[d] < st[d] + sz[d] for d in _pyrange(len(r))):
            keep.append(k)
    new_idx = [[rows[k][d] - st[d] for d in _pyrange(len(dims))] for k in keep]
    shape_out = [_pymax(0, _pymin(st[d] + sz[d], dims[d]) - st[d]) for d in _pyrange(len(dims))]
    return SparseTensor(constant(new_idx, int64) if keep else zeros([0, len(dims)], int64),
                        gather(sp.values, constant(keep, int64)) if keep else zeros([0], sp.dtype),
                        constant(shape_out, int64))


def _sparse_retain(sp_input, to_retain):
    sp = SparseTensor.from_value(sp_input)
    keep = [k for k, f in enumerate(_core.tolist(_t(to_retain))) if f]
    perm = constant(keep, int64) if keep else zeros([0], int64)
    return SparseTensor(gather(sp.indices, perm), gather(sp.values, perm), sp.dense_shape)


def _sparse_expand_dims(sp_input, axis=None, name=None):
    sp = SparseTensor.from_value(sp_input)
    r = _core.shape_of(sp.dense_shape)[0]
    a = axis + r + 1 if axis < 0 else axis
    n = _core.shape_of(sp.indices)[0]
    idx = concat([sp.indices[:, :a], zeros([n, 1], int64), sp.indices[:, a:]], 1)
    return SparseTensor(idx, sp.values, concat([sp.dense_shape[:a], constant([1], int64), sp.dense_shape[a:]], 0))


def _sparse_concat(axis, sp_inputs, name=None, expand_nonconcat_dims=False, concat_dim=None):
    sps = [SparseTensor.from_value(s) for s in sp_inputs]
    dims = [_core.tolist(s.dense_shape) for s in sps]
    offset = 0
    idx, vals = [], []
    for s, d in zip(sps, dims):
        for r in _core.tolist(s.indices):
            r = list(r)
            r[axis] += offset
            idx.append(r)
        vals.append(s.values)
        offset += d[axis]
    out_shape = list(dims[0])
    out_shape[axis] = offset
    out = SparseTensor(constant(idx, int64) if idx else zeros([0, len(out_shape)], int64), concat(vals, 0),
                       constant(out_shape, int64))
    return _sparse_reorder(out)


def _sparse_eye(num_rows, num_columns=None, dtype=float32, name=None):
    m = num_rows if num_columns is None else num_columns
    n = _pymin(num_rows, m)
    return SparseTensor(constant([[i, i] for i in _pyrange(n)], int64) if n else zeros([0, 2], int64),
                        ones([n], dtype), constant([num_rows, m], int64))


sparse = _Namespace(SparseTensor=SparseTensor, to_dense=_sparse_to_dense, from_dense=_sparse_from_dense,
                    reorder=_sparse_reorder, add=_sparse_add, reduce_sum=_sparse_reduce(reduce_sum),
                    reduce_max=_sparse_reduce(reduce_max), sparse_dense_matmul=_sparse_dense_matmul,
                    matmul=_sparse_dense_matmul, transpose=_sparse_transpose, slice=_sparse_slice,
                    retain=_sparse_retain, expand_dims=_sparse_expand_dims, concat=_sparse_concat, eye=_sparse_eye)


# ----- tf.strings --------------------------------------------------------------------------------
def _str_t(x):
    t = _t(x, string)
    if t.dtype != string:
        raise ValueError("input: Tensor conversion requested dtype string for Tensor with dtype %s: %r"
                         % (t.dtype.name, t))
    return t


def _wrap_outer(ragged_rows, dims):
    # values split per input string (a RaggedTensor over the flattened input) regrouped by the
    # input's leading dims, each a uniform partition
    r = ragged_rows
    for d in reversed(dims[1:]):
        r = RaggedTensor.from_uniform_row_length(r, d)
    return r


def _each(out, fn):
    # fn on a split's RaggedTensor, or on each of the RaggedTensors a split with offsets gives
    return _pytuple(fn(r) for r in out) if isinstance(out, _pytuple) else fn(out)


def _split_like(t, split_flat, scope):
    # applies a function from a 1-D string tensor to RaggedTensors over its strings (one, or a tuple
    # of them on one row partition) to the strings of t, whatever its rank
    if isinstance(t, RaggedTensor):
        return _each(_split_like(t.flat_values, split_flat, scope), t.with_flat_values)
    dims = list(_core.shape_of(t))
    with name_scope(scope):
        if not dims:
            if _core.is_symbolic(t):
                # TF splits [t] in a nested call (scope/scope/...) and takes row 0 in its own scope
                packed = stack([t])
                with name_scope(scope):
                    rows = split_flat(packed)
                return _each(rows, _graph_first_row)
            return _each(split_flat(reshape(t, [1])), lambda r: r.values)
        if len(dims) == 1:
            return split_flat(t)
        return _each(split_flat(reshape(t, [-1])), lambda r: _wrap_outer(r, dims))


def _graph_row_splits(rowids, nrows):
    # TF's RowPartition.from_value_rowids in a graph: bincount of the row ids (as int32) within
    # [nrows, nrows], then the running sum after a 0
    with name_scope("RaggedFromValueRowIds"), name_scope("RowPartitionFromValueRowIds"):
        ids, n = cast(rowids, int32), cast(nrows, int32)
        with name_scope("bincount"):
            nonempty = size(ids) > 0
            out = cast(nonempty, int32) * (reduce_max(ids) + 1)
            out = minimum(n, maximum(n, out))
            counts = _op("DenseBincount", [reshape(ids, [-1]), out, constant([], rowids.dtype)],
                         {"binary_output": False})
        return concat([constant([0], rowids.dtype), cumsum(counts)], 0)


def _sparse_to_ragged(indices, values, dense_shape):
    rowids = indices[:, 0]
    nrows = dense_shape[0]
    if not _core.is_symbolic(indices):
        return RaggedTensor.from_value_rowids(values, rowids, nrows=_core.tolist(nrows), validate=False)
    return RaggedTensor(values, _graph_row_splits(rowids, nrows), internal=True)


def _graph_first_row(rt):
    # rt[0] of a symbolic ragged_rank-1 RaggedTensor, with the ops TF's ragged getitem adds
    with name_scope("RaggedGetItem"):
        starts, limits = rt.row_splits[:-1], rt.row_splits[1:]
        step = constant(1, rt.row_splits.dtype)
        row = rt.values[starts[0]:limits[0]:step]
        none = constant([], int32)  # TF's row[()]: a StridedSlice of empty specs
        masks = {"begin_mask": 0, "end_mask": 0, "ellipsis_mask": 0, "new_axis_mask": 0, "shrink_axis_mask": 0}
        return _op("StridedSlice", [row, none, none, none], masks, "strided_slice/")


def _strings_split(input, sep=None, maxsplit=-1, name=None):
    t = input if isinstance(input, RaggedTensor) else _str_t(input)

    def flat(x):
        i, v, s = _op("StringSplitV2", [x, constant("" if sep is None else sep, string)], {"maxsplit": maxsplit}, "",
                      True)
        return _sparse_to_ragged(i, v, s)
    return _split_like(t, flat, "StringSplit")


def _strings_bytes_split(input, name=None):
    t = input if isinstance(input, RaggedTensor) else _str_t(input)

    def flat(x):
        i, v, s = _op("StringSplit", [x, ""], {"skip_empty": False}, "", True)
        return _sparse_to_ragged(i, v, s)
    return _split_like(t, flat, "BytesSplit")


def _strings_to_number(string_tensor, out_type=float32, name=None):
    if isinstance(string_tensor, RaggedTensor):
        return string_tensor.with_flat_values(_strings_to_number(string_tensor.flat_values, out_type))
    return _op("StringToNumber", [_str_t(string_tensor)], {"out_type": as_dtype(out_type)}, "" if name is None else name)


def _decode(input, input_encoding, errors, replacement_char, replace_control_characters, with_offsets):
    attrs = {"input_encoding": input_encoding, "errors": errors, "replacement_char": replacement_char,
             "replace_control_characters": True if replace_control_characters else False}
    op = "UnicodeDecodeWithOffsets" if with_offsets else "UnicodeDecode"

    def flat(x):
        outs = _op(op, [x], attrs, "", True)
        chars = RaggedTensor.from_row_splits(outs[1], outs[0], validate=False)
        if with_offsets:
            return chars, RaggedTensor.from_row_splits(outs[2], outs[0], validate=False)
        return chars

    t = input if isinstance(input, RaggedTensor) else _str_t(input)
    return _split_like(t, flat, op)


def _unicode_decode(input, input_encoding, errors="replace", replacement_char=65533, replace_control_characters=False,
                    name=None):
    return _decode(input, input_encoding, errors, replacement_char, replace_control_characters, False)


def _unicode_decode_with_offsets(input, input_encoding, errors="replace", replacement_char=65533,
                                 replace_control_characters=False, name=None):
    return _decode(input, input_encoding, errors, replacement_char, replace_control_characters, True)


def _unicode_split_impl(input, input_encoding, errors, replacement_char, with_offsets):
    t = input if isinstance(input, RaggedTensor) else _str_t(input)

    def flat(x):
        outs = _op("UnicodeDecodeWithOffsets", [x], {"input_encoding": input_encoding, "errors": errors,
                                                     "replacement_char": replacement_char}, "", True)
        splits = _core.tolist(outs[0])
        starts = _core.tolist(outs[2])
        strings = _core.tolist(x)
        src, pos, lens = [], [], []
        for row in _pyrange(len(splits) - 1):
            for k in _pyrange(splits[row], splits[row + 1]):
                end = starts[k + 1] if k + 1 < splits[row + 1] else len(strings[row])
                src.append(row)
                pos.append(starts[k])
                lens.append(end - starts[k])
        if src:
            pieces = _op("Substr", [gather(x, constant(src, int64)), constant(pos, int64), constant(lens, int64)],
                         {"unit": "BYTE"})
        else:
            pieces = zeros([0], string)
        r = RaggedTensor.from_row_splits(pieces, outs[0], validate=False)
        return (r, RaggedTensor.from_row_splits(outs[2], outs[0], validate=False)) if with_offsets else r

    return _split_like(t, flat, "UnicodeSplitWithOffsets" if with_offsets else "UnicodeSplit")


def _unicode_split(input, input_encoding, errors="replace", replacement_char=65533, name=None):
    return _unicode_split_impl(input, input_encoding, errors, replacement_char, False)


def _unicode_split_with_offsets(input, input_encoding, errors="replace", replacement_char=65533, name=None):
    return _unicode_split_impl(input, input_encoding, errors, replacement_char, True)


def _unicode_encode(input, output_encoding, errors="replace", replacement_char=65533, name=None):
    attrs = {"output_encoding": output_encoding, "errors": errors, "replacement_char": replacement_char}
    if isinstance(input, RaggedTensor):
        if input.ragged_rank > 1:
            return input.with_values(_unicode_encode(input.values, output_encoding, errors, replacement_char))
        if _rank(input.values) > 1:
            raise NotImplementedError("unicode_encode of a RaggedTensor with dense inner dims is not supported by GraphLens yet")
        return _op("UnicodeEncode", [cast(input.values, int32), input.row_splits], attrs, "")
    t = cast(_t(input, int32), int32)
    dims = list(_core.shape_of(t))
    if not dims:
        raise ValueError("input must have rank at least 1")
    if len(dims) == 1:
        return _op("UnicodeEncode", [t, constant([0, dims[0]], int64)], attrs, "")[0]
    rows = _prod(dims[:-1])
    out = _op("UnicodeEncode", [reshape(t, [-1]), constant([i * dims[-1] for i in _pyrange(rows + 1)], int64)], attrs, "")
    return reshape(out, dims[:-1])


def _elementwise_strings(fn):
    def f(input, *a, **k):
        if isinstance(input, RaggedTensor):
            return input.with_flat_values(f(input.flat_values, *a, **k))
        return fn(_str_t(input), *a, **k)
    return f


def _strings_join(inputs, separator="", name=None):
    # Python strings go to the op as they are, so a graph names their constants as TF does
    parts = [x if isinstance(x, (str, bytes)) else _str_t(x) for x in inputs]
    return _op("StringJoin", [parts], {"separator": separator}, "" if name is None else name)


def _reduce_join(inputs, axis=None, keepdims=False, separator="", name=None):
    t = _str_t(inputs)
    if axis is None:
        axes = list(_pyrange(_rank(t)))
    else:
        axes = list(axis) if isinstance(axis, (list, _pytuple)) else [axis]
    return _op("ReduceJoin", [t, constant(axes, int32)], {"keep_dims": True if keepdims else False, "separator": separator},
               "" if name is None else name)


def _substr(input, pos, len, unit="BYTE", name=None):
    t = _str_t(input)
    p = _t(pos)
    return _op("Substr", [t, p, _t(len, p.dtype)], {"unit": unit}, "" if name is None else name)


def _as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="", name=None):
    if isinstance(input, RaggedTensor):
        return input.with_flat_values(_as_string(input.flat_values, precision, scientific, shortest, width, fill))
    return _op("AsString", [_t(input)], {"precision": precision, "scientific": True if scientific else False,
                                         "shortest": True if shortest else False, "width": width, "fill": fill})


def _strings_format(template, inputs, placeholder="{}", summarize=3, name=None):
    ins = list(inputs) if isinstance(inputs, (list, _pytuple)) else [inputs]
    return _op("StringFormat", [[_t(x) for x in ins]], {"template": template, "placeholder": placeholder,
                                                         "summarize": summarize})


strings = _Namespace(
    split=_strings_split, bytes_split=_strings_bytes_split, to_number=_strings_to_number,
    unicode_decode=_unicode_decode, unicode_decode_with_offsets=_unicode_decode_with_offsets,
    unicode_split=_unicode_split, unicode_split_with_offsets=_unicode_split_with_offsets,
    unicode_encode=_unicode_encode,
    length=_elementwise_strings(lambda t, unit="BYTE", name=None: _op("StringLength", [t], {"unit": unit})),
    upper=_elementwise_strings(lambda t, encoding="", name=None: _op("StringUpper", [t], {"encoding": encoding})),
    lower=_elementwise_strings(lambda t, encoding="", name=None: _op("StringLower", [t], {"encoding": encoding})),
    strip=_elementwise_strings(lambda t, name=None: _op("StringStrip", [t])),
    join=_strings_join, reduce_join=_reduce_join, substr=_substr, as_string=_as_string, format=_strings_format)


def _decode_raw(input_bytes, out_type, little_endian=True, fixed_length=None, name=None):
    if fixed_length is not None:
        raise NotImplementedError("tf.io.decode_raw with fixed_length is not supported by GraphLens yet")
    return _op("DecodeRaw", [_str_t(input_bytes)], {"out_type": as_dtype(out_type),
                                                    "little_endian": True if little_endian else False},
               "" if name is None else name)


def _serialize_tensor(tensor, name=None):
    return _op("SerializeTensor", [_t(tensor)], None, "" if name is None else name)


def _parse_tensor(serialized, out_type, name=None):
    return _op("ParseTensor", [_str_t(serialized)], {"out_type": as_dtype(out_type)}, "" if name is None else name)


io = _Namespace(decode_raw=_decode_raw, serialize_tensor=_serialize_tensor, parse_tensor=_parse_tensor)


# ----- ragged and sparse operands of tf's own functions -------------------------------------------
def _dispatching(name, base, handler):
    # `base` with RaggedTensor/SparseTensor first arguments sent to `handler(base, ...)`; tf.math's
    # entry for it follows
    def f(*args, **kwargs):
        if args and isinstance(args[0], (RaggedTensor, SparseTensor)):
            return handler(base, *args, **kwargs)
        return base(*args, **kwargs)
    f.__name__ = getattr(base, "__name__", name)
    if getattr(math, name, None) is base:
        setattr(math, name, f)
    return f


def _on_flat_values(base, x, *a, **k):
    if isinstance(x, SparseTensor):
        return x.with_values(base(x.values, *a, **k))
    return x.with_flat_values(base(x.flat_values, *a, **k))


def _on_ragged_binary(base, x, y, *a, **k):
    if isinstance(x, SparseTensor):
        return base(_sparse_to_dense(x), y)
    return x._binary(y, base)


def _on_ragged_reduce(pad):
    return lambda base, x, *a, **k: _ragged_reduce(base, pad)(x, *a, **k)


def _install_dispatch(handlers):
    module = globals()
    for name, handler in handlers:
        if name in module:
            module[name] = _dispatching(name, module[name], handler)


_install_dispatch([(n, _on_flat_values) for n in (
    "abs", "square", "sqrt", "rsqrt", "exp", "expm1", "log", "log1p", "negative", "sign", "round", "floor", "ceil",
    "sin", "cos", "tanh", "sigmoid", "logical_not", "is_nan", "is_inf", "is_finite", "reciprocal", "erf", "softplus",
    "cast", "identity", "stop_gradient")])
_install_dispatch([(n, _on_ragged_binary) for n in (
    "add", "subtract", "multiply", "divide", "truediv", "floordiv", "floormod", "maximum", "minimum", "pow", "equal",
    "not_equal", "greater", "greater_equal", "less", "less_equal", "logical_and", "logical_or", "squared_difference")])
_install_dispatch([("reduce_sum", _on_ragged_reduce(_pad_zero)), ("reduce_prod", _on_ragged_reduce(_pad_one)),
                   ("reduce_max", _on_ragged_reduce(_pad_lowest)), ("reduce_min", _on_ragged_reduce(_pad_highest)),
                   ("reduce_any", _on_ragged_reduce(_pad_zero)), ("reduce_all", _on_ragged_reduce(_pad_one)),
                   ("reduce_mean", lambda base, x, *a, **k: _ragged_mean(x, *a, **k))])


def _concat_dispatch(values, axis, name="concat"):
    if any(isinstance(v, RaggedTensor) for v in values):
        return _ragged_concat(values, axis)
    return _concat_base(values, axis, name)


_concat_base = concat
concat = _concat_dispatch


def _is_tensor_dispatch(x):
    return isinstance(x, (RaggedTensor, SparseTensor)) or _is_tensor_base(x)


_is_tensor_base = is_tensor
is_tensor = _is_tensor_dispatch
