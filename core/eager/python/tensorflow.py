# Eager TensorFlow for GraphLens: the Python half of the `tensorflow` module. The native half
# (`_core`, core/eager/*.cpp) holds tensors, variables, dtypes, op execution, tapes, printing and
# random kernels; this file is TF's Python API on top of it.
_pyrange = range
_pyabs = abs
_pyprint = print
_pyround = round
_pyslice = slice
_pybool = bool
_pytuple = tuple
_pyint = int
_pyfloat = float
_pymin = min
_pymax = max
_pyall = all

import sys as _sys
import numpy as _npm

__version__ = "2.21.0"
_op = _core.op
_convert = _core.convert
newaxis = None

Tensor = _core.Tensor
Variable = _core.Variable
DType = _core.DType


class _Namespace:
    def __init__(self, **kw):
        for k, v in kw.items():
            setattr(self, k, v)


# ----- dtypes ---------------------------------------------------------------------------------
float16 = _core.dtype("float16")
half = float16
float32 = _core.dtype("float32")
float64 = _core.dtype("float64")
double = float64
bfloat16 = _core.dtype("bfloat16")
int8 = _core.dtype("int8")
int16 = _core.dtype("int16")
int32 = _core.dtype("int32")
int64 = _core.dtype("int64")
uint8 = _core.dtype("uint8")
uint16 = _core.dtype("uint16")
uint32 = _core.dtype("uint32")
uint64 = _core.dtype("uint64")
string = _core.dtype("string")
bool = _core.dtype("bool")
_bool_dtype = bool


def as_dtype(type_value):
    return _core.dtype(type_value)


dtypes = _Namespace(cast=lambda x, dtype, name=None: cast(x, dtype), float16=float16, half=half, float32=float32, float64=float64, double=double,
                    bfloat16=bfloat16, int8=int8, int16=int16, int32=int32, int64=int64, uint8=uint8,
                    uint16=uint16, uint32=uint32, uint64=uint64, string=string, bool=bool,
                    as_dtype=as_dtype, DType=DType)


# ----- TensorShape ----------------------------------------------------------------------------
class TensorShape:
    def __init__(self, dims):
        if dims is None:
            self._dims = None
        elif isinstance(dims, TensorShape):
            self._dims = None if dims._dims is None else list(dims._dims)
        elif isinstance(dims, _pyint):
            self._dims = [dims]
        else:
            self._dims = [None if d is None else _pyint(d) for d in dims]

    @property
    def rank(self):
        return None if self._dims is None else len(self._dims)

    @property
    def ndims(self):
        return self.rank

    @property
    def dims(self):
        return None if self._dims is None else list(self._dims)

    def as_list(self):
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        return "TensorShape([" + ", ".join("None" if d is None else str(d) for d in self._dims) + "])"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return "(" + ("None" if self._dims[0] is None else str(self._dims[0])) + ",)"
        return "(" + ", ".join("None" if d is None else str(d) for d in self._dims) + ")"

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __bool__(self):
        return self._dims is not None

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if self._dims is None:
            if isinstance(key, _pyslice):
                return TensorShape(None)
            return None
        if isinstance(key, _pyslice):
            return TensorShape(self._dims[key])
        return self._dims[key]

    def __eq__(self, other):
        try:
            other = as_shape(other)
        except (TypeError, ValueError):
            return NotImplemented
        return self._dims == other._dims

    def __ne__(self, other):
        r = self.__eq__(other)
        if r is NotImplemented:
            return r
        return not r

    def __hash__(self):
        return hash(_pytuple(self._dims)) if self._dims is not None else 0

    def __add__(self, other):
        return self.concatenate(other)

    def num_elements(self):
        if self._dims is None or None in self._dims:
            return None
        n = 1
        for d in self._dims:
            n *= d
        return n

    def is_fully_defined(self):
        return self._dims is not None and None not in self._dims

    def concatenate(self, other):
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def is_compatible_with(self, other):
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return True
        if len(self._dims) != len(other._dims):
            return False
        for a, b in zip(self._dims, other._dims):
            if a is not None and b is not None and a != b:
                return False
        return True

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError("Shapes %s and %s are incompatible" % (self, as_shape(other)))

    def merge_with(self, other):
        other = as_shape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        self.assert_is_compatible_with(other)
        return TensorShape([a if a is not None else b for a, b in zip(self._dims, other._dims)])

    def with_rank(self, rank):
        if self._dims is not None and len(self._dims) != rank:
            raise ValueError("Shape %s must have rank %d" % (self, rank))
        return self

    def assert_has_rank(self, rank):
        self.with_rank(rank)


def as_shape(shape):
    if isinstance(shape, TensorShape):
        return shape
    return TensorShape(shape)


# ----- conversion -----------------------------------------------------------------------------
def is_tensor(x):
    return _core.is_tensor(x) or _core.is_variable(x)


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None, preferred_dtype=None):
    if isinstance(value, IndexedSlices):
        return _indexed_to_dense(value)
    if dtype_hint is None:
        dtype_hint = preferred_dtype
    if isinstance(value, TensorShape):
        value = value.as_list()
    return _convert(value, dtype, dtype_hint)


def constant(value, dtype=None, shape=None, name="Const"):
    t = _core.constant(value, dtype)
    if shape is not None:
        shape = as_shape(shape).as_list() if not isinstance(shape, _pyint) else [shape]
        n = 1
        for d in shape:
            n *= d
        size = _core.shape_of(t)
        tn = 1
        for d in size:
            tn *= d
        if tn == n:
            return _op("Reshape", [t, shape])
        if tn == 1:
            return _op("Fill", [shape, _op("Reshape", [t, []])])
        raise TypeError("Eager execution of tf.constant with unsupported shape. Tensor %s (converted from %r) has %d elements, but got `shape` %s with %d elements)." % (
            _npm.array(t), value, tn, str(_pytuple(shape)), n))
    return t


def _t(x, dtype=None):
    if _core.is_tensor(x):
        return x
    return _convert(x, dtype)


def _shape_arg(shape):
    if isinstance(shape, TensorShape):
        return shape.as_list()
    if isinstance(shape, _pyint):
        return [shape]
    return shape


def _rank(x):
    return len(_core.shape_of(x))


# ----- indexing -------------------------------------------------------------------------------
def _tensor_getitem(t, key):
    if isinstance(key, (list,)) or (_npm._np.is_array(key) and not _npm._np.is_scalar(key)):
        raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 tensors are valid indices, got " + repr(key))
    if _core.is_tensor(key) and len(_core.shape_of(key)) > 0:
        if key.dtype == _bool_dtype:
            return boolean_mask(t, key)
        raise TypeError("Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar tf.int32/tf.int64 tensors are valid indices, got " + repr(key))
    if _core.tracing() and _has_symbolic_index(key):
        return _graph_getitem(t, key)
    begin, end, strides, masks = _npm._slice_spec(key)
    return _op("StridedSlice", [t, begin, end, strides], masks, "strided_slice/")


def _has_symbolic_index(key):
    keys = key if isinstance(key, _pytuple) else (key,)
    for k in keys:
        if _core.is_symbolic(k):
            return True
        if isinstance(k, _pyslice) and any(_core.is_symbolic(x) for x in (k.start, k.stop, k.step)):
            return True
    return False


def _graph_getitem(t, key):
    # Indices that are graph tensors: StridedSlice with packed begin/end/strides, as TF builds it.
    keys = key if isinstance(key, _pytuple) else (key,)
    begin, end, strides = [], [], []
    masks = {"begin_mask": 0, "end_mask": 0, "ellipsis_mask": 0, "new_axis_mask": 0, "shrink_axis_mask": 0}
    for i, k in enumerate(keys):
        if isinstance(k, _pyslice):
            begin.append(0 if k.start is None else k.start)
            end.append(0 if k.stop is None else k.stop)
            strides.append(1 if k.step is None else k.step)
            if k.start is None:
                masks["begin_mask"] |= 1 << i
            if k.stop is None:
                masks["end_mask"] |= 1 << i
        else:
            begin.append(k)
            end.append(k + 1)
            strides.append(1)
            masks["shrink_axis_mask"] |= 1 << i
    return _op("StridedSlice", [t, begin, end, strides], masks)


def _var_getitem(v, key):
    # TF's _SliceHelperVar: the slice of the value, with .assign writing into the variable
    # (ResourceStridedSliceAssign).
    t = _tensor_getitem(v.value(), key)
    begin, end, strides, masks = _npm._slice_spec(key)

    def _assign(value, use_locking=None, name=None, read_value=True):
        _core.var_slice_assign(v, begin, end, strides, masks, value)
        return v if read_value else None
    t.assign = _assign
    return t


# ----- Variables ------------------------------------------------------------------------------
_name_scopes = []


def _scoped(name):
    if _name_scopes:
        return "/".join(_name_scopes) + "/" + name
    return name


def _variable_new(cls, initial_value=None, trainable=None, validate_shape=True, caching_device=None, name=None,
                  variable_def=None, dtype=None, import_scope=None, constraint=None, synchronization=None,
                  aggregation=None, shape=None, experimental_enable_variable_lifting=True):
    if initial_value is None:
        raise ValueError("initial_value must be specified.")
    if _core.tracing():
        # A variable made while tracing (first trace only) exists at once, with the initial value
        # computed now; the graph initialises it as TF's UnliftedInitializerVariable does:
        # If(VarIsInitializedOp(v), nothing, AssignVariableOp(v, initial value)).
        _core.fn_note_variable_creation()
        if callable(initial_value):
            initial_value = initial_value()
        if dtype is not None and is_tensor(initial_value) and initial_value.dtype != as_dtype(dtype):
            initial_value = cast(initial_value, dtype)
        graph_init = initial_value if _core.is_symbolic(initial_value) else None
        value = _core.eval_symbolic(initial_value) if graph_init is not None else initial_value
        _core.trace_suspend(True)
        try:
            v = _variable_new(cls, value, trainable, validate_shape, caching_device, name, variable_def,
                              dtype, import_scope, constraint, synchronization, aggregation, shape)
        finally:
            _core.trace_suspend(False)
        if graph_init is None:
            graph_init = _core.graph_const(_core.convert(value, v.dtype))
        h = _core.var_handle_in_graph(v)
        initialized = _op("VarIsInitializedOp", [h])

        def assign():
            _op("AssignVariableOp", [h, graph_init], {"dtype": v.dtype, "validate_shape": False})
            return [0]

        _core.graph_cond(initialized, lambda: [0], assign, False)
        return v
    if callable(initial_value):
        initial_value = initial_value()
    if dtype is not None and is_tensor(initial_value) and initial_value.dtype != as_dtype(dtype):
        initial_value = cast(initial_value, dtype)
    v = _core.constant(initial_value, dtype)
    nm = name if name else "Variable"
    return _core.var_create(v, _scoped(nm) + ":0", True if trainable is None else trainable)


ResourceVariable = Variable


# ----- ops ------------------------------------------------------------------------------------
def identity(input, name=None):
    return _op("Identity", [input])


def stop_gradient(input, name=None):
    return _op("StopGradient", [input])


def _binary(opname, pyname):
    def f(x, y, name=None):
        return _op(opname, [x, y], None, name)
    f.__name__ = pyname
    return f


add = _binary("AddV2", "add")
subtract = _binary("Sub", "subtract")
multiply = _binary("Mul", "multiply")
maximum = _binary("Maximum", "maximum")
minimum = _binary("Minimum", "minimum")
floordiv = _binary("FloorDiv", "floordiv")
floormod = _binary("FloorMod", "floor_mod")
mod = floormod
squared_difference = _binary("SquaredDifference", "squared_difference")
greater = _binary("Greater", "greater")
greater_equal = _binary("GreaterEqual", "greater_equal")
less = _binary("Less", "less")
less_equal = _binary("LessEqual", "less_equal")
logical_and = _binary("LogicalAnd", "logical_and")
logical_or = _binary("LogicalOr", "logical_or")
divide_no_nan = _binary("DivNoNan", "divide_no_nan")
xdivy = _binary("Xdivy", "xdivy")
multiply_no_nan = _binary("MulNoNan", "multiply_no_nan")
atan2 = _binary("Atan2", "atan2")


def pow(x, y, name=None):
    return _op("Pow", [x, y])


def equal(x, y, name=None):
    return _op("Equal", [x, y], {"incompatible_shape_error": True})


def not_equal(x, y, name=None):
    return _op("NotEqual", [x, y], {"incompatible_shape_error": True})


def logical_xor(x, y, name=None):
    return logical_and(logical_or(x, y), logical_not(logical_and(x, y)))


def truediv(x, y, name=None):
    x = _t(x) if is_tensor(x) or not is_tensor(y) else x
    if not is_tensor(x):
        x = _convert(x, None, y.dtype)
    y = _convert(y, None, x.dtype) if not is_tensor(y) else y
    return x / y


def divide(x, y, name=None):
    return truediv(x, y, name)


realdiv = _binary("RealDiv", "realdiv")


def _unary(opname, pyname):
    def f(x, name=None):
        return _op(opname, [x], None, name)
    f.__name__ = pyname
    return f


negative = _unary("Neg", "negative")
abs = _unary("Abs", "abs")
square = _unary("Square", "square")
sqrt = _unary("Sqrt", "sqrt")
rsqrt = _unary("Rsqrt", "rsqrt")
exp = _unary("Exp", "exp")
expm1 = _unary("Expm1", "expm1")
log = _unary("Log", "log")
log1p = _unary("Log1p", "log1p")
tanh = _unary("Tanh", "tanh")
sigmoid = _unary("Sigmoid", "sigmoid")
sign = _unary("Sign", "sign")
reciprocal = _unary("Reciprocal", "reciprocal")
floor = _unary("Floor", "floor")
ceil = _unary("Ceil", "ceil")
round = _unary("Round", "round")
sin = _unary("Sin", "sin")
cos = _unary("Cos", "cos")
logical_not = _unary("LogicalNot", "logical_not")
is_nan = _unary("IsNan", "is_nan")
is_inf = _unary("IsInf", "is_inf")
is_finite = _unary("IsFinite", "is_finite")
softplus = _unary("Softplus", "softplus")


def cast(x, dtype, name=None):
    dtype = as_dtype(dtype)
    if isinstance(x, IndexedSlices):
        return IndexedSlices(cast(x.values, dtype), x.indices, x.dense_shape)
    if not is_tensor(x):
        # As TF: the value becomes a tensor of its own dtype first, then Cast (a Python int cast to
        # float32 is an int32 constant and a Cast op in a graph).
        x = _convert(x, None, dtype) if not _npm._np.is_array(x) and not _core.tracing() else _convert(x)
    if x.dtype == dtype:
        return x if _core.is_tensor(x) else identity(x)
    return _op("Cast", [x], {"DstT": dtype, "Truncate": False})


def saturate_cast(value, dtype, name=None):
    return cast(value, dtype)


def _axis_arg(x, axis):
    if axis is None:
        dims = _core.shape_of(x)
        if dims is None:
            # unknown rank (in a graph): all axes, computed
            return _op("Range", [0, _op("Rank", [x]), 1])
        if not dims and _core.tracing():
            # TF's _ReductionDims: rank 0 is falsy there, so a scalar gets range(0, rank(x))
            # with the rank a constant.
            return _op("Range", [0, 0, 1])
        return list(_pyrange(len(dims)))
    return axis


def _reduce(opname):
    def f(input_tensor, axis=None, keepdims=False, name=None):
        x = _t(input_tensor)
        return _op(opname, [x, _axis_arg(x, axis)], {"keep_dims": _pybool(keepdims)})
    return f


reduce_sum = _reduce("Sum")
reduce_mean = _reduce("Mean")
reduce_max = _reduce("Max")
reduce_min = _reduce("Min")
reduce_prod = _reduce("Prod")
reduce_all = _reduce("All")
reduce_any = _reduce("Any")


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    x = _t(input_tensor)
    m = stop_gradient(reduce_max(x, axis, True))
    r = log(reduce_sum(exp(x - m), axis, True)) + m
    if not keepdims:
        r = reduce_sum(r, axis) if False else squeeze(r, _axis_arg(x, axis) if axis is not None else None) if _rank(r) > 0 else r
    return r


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    return sqrt(reduce_variance(input_tensor, axis, keepdims))


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    x = _t(input_tensor)
    m = reduce_mean(x, axis, True)
    return reduce_mean(squared_difference(x, m), axis, keepdims)


def count_nonzero(input, axis=None, keepdims=None, dtype=None, name=None):
    dtype = int64 if dtype is None else dtype
    x = _t(input)
    nz = cast(not_equal(x, zeros_like(x)), dtype)
    return reduce_sum(nz, axis, _pybool(keepdims))


def argmax(input, axis=None, output_type=None, name=None):
    return _op("ArgMax", [input, 0 if axis is None else axis], {"output_type": int64 if output_type is None else output_type})


def argmin(input, axis=None, output_type=None, name=None):
    return _op("ArgMin", [input, 0 if axis is None else axis], {"output_type": int64 if output_type is None else output_type})


def matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False, a_is_sparse=False,
           b_is_sparse=False, output_type=None, grad_a=False, grad_b=False, name=None):
    # the common case (two tensors, no transposes) avoids every helper call: it is what small
    # eager loops spend their time on
    if not _core.is_tensor(a):
        a = _t(a)
    if not is_tensor(b):
        b = _convert(b, None, a.dtype)
    ta = transpose_a or adjoint_a
    tb = transpose_b or adjoint_b
    if a.ndim > 2 or (b.ndim if _core.is_tensor(b) else _rank(b)) > 2:
        return _op("BatchMatMulV2", [a, b], {"adj_x": ta, "adj_y": tb}, "")
    if ta or tb:
        return _op("MatMul", [a, b], {"transpose_a": ta, "transpose_b": tb}, "")
    return _op("MatMul", [a, b], None, "")


def tensordot(a, b, axes, name=None):
    if axes == 1 or axes == [[1], [0]]:
        return matmul(a, b)
    raise NotImplementedError("tf.tensordot: only axes=1 is supported by GraphLens")


def reshape(tensor, shape, name=None):
    return _op("Reshape", [tensor, _shape_arg(shape)])


def shape(input, out_type=None, name=None):
    if _core.tracing() and not _core.is_variable(input):
        # A fully known static shape is a constant in a graph (TF's shape_internal, optimize=True).
        dims = _core.shape_of(input)
        if dims is not None and None not in dims:
            # made now, as TF makes it (a node even when unused)
            return _core.constant(dims, int32 if out_type is None else out_type)
    return _op("Shape", [input], {"out_type": int32 if out_type is None else out_type})


def shape_n(input, out_type=None, name=None):
    return [shape(x, out_type) for x in input]


def size(input, out_type=None, name=None):
    return _op("Size", [input], {"out_type": int32 if out_type is None else out_type})


def rank(input, name=None):
    return _op("Rank", [input])


def expand_dims(input, axis, name=None):
    return _op("ExpandDims", [input, axis])


def squeeze(input, axis=None, name=None):
    if axis is None:
        axis = []
    elif isinstance(axis, _pyint):
        axis = [axis]
    return _op("Squeeze", [input], {"squeeze_dims": list(axis)})


def transpose(a, perm=None, conjugate=False, name=None):
    a = _t(a)
    if perm is None:
        perm = list(_pyrange(_rank(a)))[::-1]
    return _op("Transpose", [a, perm])


def concat(values, axis, name="concat"):
    if len(values) == 1:
        return identity(values[0])
    return _op("ConcatV2", [list(values), axis])


def stack(values, axis=0, name="stack"):
    values = list(values)
    ts = [v for v in values if is_tensor(v)]
    if ts and len(ts) != len(values):
        values = [v if is_tensor(v) else _convert(v, None, ts[0].dtype) for v in values]
    return _op("Pack", [values], {"axis": axis})


def unstack(value, num=None, axis=0, name="unstack"):
    value = _t(value)
    shp = _core.shape_of(value)
    if num is None:
        num = shp[axis]
    return _op("Unpack", [value], {"num": num, "axis": axis}, None, True)


def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    value = _t(value)
    if isinstance(num_or_size_splits, _pyint):
        return _op("Split", [axis, value], {"num_split": num_or_size_splits}, None, True)
    sizes = list(num_or_size_splits) if not is_tensor(num_or_size_splits) else num_or_size_splits.numpy().tolist()
    return _op("SplitV", [value, sizes, axis], {"num_split": len(sizes)}, None, True)


def slice(input_, begin, size, name=None):
    return _op("Slice", [input_, begin, size])


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0, var=None, name=None):
    if strides is None:
        strides = [1] * len(begin)
    return _op("StridedSlice", [input_, begin, end, strides],
               {"begin_mask": begin_mask, "end_mask": end_mask, "ellipsis_mask": ellipsis_mask,
                "new_axis_mask": new_axis_mask, "shrink_axis_mask": shrink_axis_mask})


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    return _op("GatherV2", [params, indices, 0 if axis is None else axis], {"batch_dims": batch_dims})


def gather_nd(params, indices, batch_dims=0, name=None):
    params = _t(params)
    idx = _t(indices).numpy().tolist()
    def one(ix):
        r = params
        for i in ix:
            r = r[i]
        return r
    def rec(x):
        if x and isinstance(x[0], list):
            return stack([rec(y) for y in x])
        return one(x)
    return rec(idx)


def boolean_mask(tensor, mask, axis=None, name="boolean_mask"):
    tensor = _t(tensor)
    m = _t(mask)
    shp = _core.shape_of(tensor)
    mshp = _core.shape_of(m)
    k = len(mshp)
    flat = reshape(tensor, [-1] + shp[k:])
    idx = reshape(_op("Where", [reshape(m, [-1])]), [-1])
    return gather(flat, idx)


def tile(input, multiples, name=None):
    return _op("Tile", [input, multiples])


def fill(dims, value, name=None):
    return _op("Fill", [_shape_arg(dims), value])


def _static_fill(shape, value, dtype):
    # In a graph TF makes zeros/ones of a small, statically known shape a constant (not Fill).
    if not _core.tracing() or is_tensor(shape):
        return None
    dims = _shape_arg(shape)
    if not isinstance(dims, (list, _pytuple)) or any(not isinstance(d, _pyint) for d in dims):
        return None
    n = 1
    for d in dims:
        n *= d
    if n >= 1000:
        return None
    _core.trace_suspend(True)
    try:
        return _op("Fill", [dims, _core.constant(value, dtype)])
    finally:
        _core.trace_suspend(False)


def zeros(shape, dtype=float32, name=None, layout=None):
    dtype = as_dtype(dtype)
    zero = "" if dtype == string else (False if dtype == _bool_dtype else 0)
    c = _static_fill(shape, zero, dtype)
    if c is not None:
        return c
    return _op("Fill", [_shape_arg(shape), _core.constant(zero, dtype)])


def ones(shape, dtype=float32, name=None, layout=None):
    dtype = as_dtype(dtype)
    c = _static_fill(shape, True if dtype == _bool_dtype else 1, dtype)
    if c is not None:
        return c
    return _op("Fill", [_shape_arg(shape), _core.constant(True if dtype == _bool_dtype else 1, dtype)])


def zeros_like(input, dtype=None, name=None, layout=None):
    x = _t(input)
    if _core.tracing() and _core.shape_of(x) is not None and None not in _core.shape_of(x):
        return zeros(_core.shape_of(x), as_dtype(dtype) if dtype is not None else x.dtype)
    if dtype is not None and as_dtype(dtype) != x.dtype:
        return zeros(_core.shape_of(x), dtype)
    return _op("ZerosLike", [x])


def ones_like(input, dtype=None, name=None, layout=None):
    x = _t(input)
    return ones(_core.shape_of(x), x.dtype if dtype is None else dtype)


def range(start, limit=None, delta=1, dtype=None, name="range"):
    if limit is None:
        start, limit = 0, start
    if dtype is None:
        cands = [v for v in (start, limit, delta)]
        dts = []
        for v in cands:
            if is_tensor(v):
                dts.append(v.dtype)
            elif isinstance(v, _pyfloat):
                dts.append(float32)
            else:
                dts.append(int32)
        order = [int32, int64, float32, float64]
        dtype = _pymax(dts, key=lambda d: order.index(d) if d in order else 0)
    dtype = as_dtype(dtype)
    s = cast(start, dtype)
    l = cast(limit, dtype)
    d = cast(delta, dtype)
    return _op("Range", [s, l, d], {"Tidx": dtype})


def where(condition, x=None, y=None, name=None):
    if x is None and y is None:
        return _op("Where", [condition])
    if not is_tensor(x) and is_tensor(y):
        x = _convert(x, None, y.dtype)
    return _op("SelectV2", [condition, x, y])


def add_n(inputs, name=None):
    inputs = list(inputs)
    if len(inputs) == 1:
        return identity(inputs[0])
    return _op("AddN", [inputs])


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    t = _t(t)
    t_min = minimum(t, clip_value_max)
    return maximum(t_min, clip_value_min)


def clip_by_norm(t, clip_norm, axes=None, name=None):
    t = _t(t)
    l2sum = reduce_sum(t * t, axes, True)
    pred = l2sum > 0
    l2sum_safe = where(pred, l2sum, ones_like(l2sum))
    l2norm = where(pred, sqrt(l2sum_safe), l2sum)
    intermediate = t * clip_norm
    return identity(intermediate / maximum(l2norm, clip_norm))


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    t_list = list(t_list)
    if use_norm is None:
        use_norm = global_norm(t_list)
    scale = clip_norm * minimum(1.0 / use_norm, constant(1.0, use_norm.dtype) / clip_norm)
    return [None if t is None else t * scale for t in t_list], use_norm


def global_norm(t_list, name=None):
    s = add_n([reduce_sum(square(_t(t))) for t in t_list if t is not None])
    return sqrt(s)


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    if dtype is None:
        if on_value is not None:
            dtype = _convert(on_value).dtype
        elif off_value is not None:
            dtype = _convert(off_value).dtype
        else:
            dtype = float32
    dtype = as_dtype(dtype)
    on = _core.constant(1 if on_value is None else on_value, dtype)
    off = _core.constant(0 if off_value is None else off_value, dtype)
    return _op("OneHot", [indices, depth, on, off], {"axis": -1 if axis is None else axis})


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    return _op("Cumsum", [x, axis], {"exclusive": exclusive, "reverse": reverse})


def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    return _op("Cumprod", [x, axis], {"exclusive": exclusive, "reverse": reverse})


def broadcast_to(input, shape, name=None):
    return _op("BroadcastTo", [input, _shape_arg(shape)])


def reverse(tensor, axis, name=None):
    x = _t(tensor)
    key = [_pyslice(None)] * _rank(x)
    for a in axis:
        key[a] = _pyslice(None, None, -1)
    return x[_pytuple(key)]


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None):
    x = _t(tensor)
    shp = _core.shape_of(x)
    out = x
    for ax, (lo, hi) in enumerate(paddings):
        if lo == 0 and hi == 0:
            continue
        s = list(_core.shape_of(out))
        parts = []
        if lo:
            s[ax] = lo
            parts.append(fill(s, _core.constant(constant_values, x.dtype)))
        parts.append(out)
        if hi:
            s2 = list(_core.shape_of(out))
            s2[ax] = hi
            parts.append(fill(s2, _core.constant(constant_values, x.dtype)))
        out = concat(parts, ax)
    return out


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    x = _t(x)
    sq = reduce_sum(square(x), axis, True)
    return x * rsqrt(maximum(sq, epsilon))


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):
    t = _t(tensor)
    # As TF: the sum keeps its dims, then they are squeezed (a Squeeze node in a graph).
    result = sqrt(reduce_sum(t * t, axis, True))
    return result if keepdims else squeeze(result, axis)


def linspace(start, stop, num, name=None, axis=0):
    start = _t(start, float32) if not is_tensor(start) else start
    stop = cast(stop, start.dtype)
    n = _pyint(num)
    if n == 1:
        return reshape(start, [1])
    step = (stop - start) / cast(n - 1, start.dtype)
    r = cast(range(n), start.dtype) * step + start
    return concat([r[:-1], reshape(stop, [1])], 0)


def sort(values, axis=-1, direction="ASCENDING", name=None):
    v = _t(values)
    lst = v.numpy().tolist()
    if _rank(v) != 1:
        raise NotImplementedError("tf.sort: only 1-D tensors are supported by GraphLens")
    idx = sorted(_pyrange(len(lst)), key=lambda i: lst[i], reverse=direction == "DESCENDING")
    return gather(v, idx)


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    v = _t(values)
    lst = v.numpy().tolist()
    idx = sorted(_pyrange(len(lst)), key=lambda i: lst[i], reverse=direction == "DESCENDING")
    return constant(idx, int32)


def unique(x, out_idx=None, name=None):
    v = _t(x).numpy().tolist()
    seen = {}
    vals = []
    idx = []
    for e in v:
        if e not in seen:
            seen[e] = len(vals)
            vals.append(e)
        idx.append(seen[e])
    return _Namespace(y=constant(vals, _t(x).dtype), idx=constant(idx, int32))


def einsum(equation, *inputs, **kw):
    eq = equation.replace(" ", "")
    if eq in ("ij,jk->ik",):
        return matmul(inputs[0], inputs[1])
    if eq in ("bij,bjk->bik",):
        return matmul(inputs[0], inputs[1])
    if eq == "ij->ji":
        return transpose(inputs[0])
    if eq == "i,i->":
        return reduce_sum(inputs[0] * inputs[1])
    raise NotImplementedError("tf.einsum: equation %r is not supported by GraphLens" % equation)


def eye(num_rows, num_columns=None, batch_shape=None, dtype=float32, name=None):
    m = num_rows if num_columns is None else num_columns
    rows = [[1 if i == j else 0 for j in _pyrange(m)] for i in _pyrange(num_rows)]
    r = _core.constant(rows, dtype)
    if batch_shape is not None:
        bs = list(batch_shape)
        r = tile(reshape(r, [1] * len(bs) + [num_rows, m]), bs + [1, 1])
    return r


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    a = _t(a)
    r = _rank(a)
    perm = list(_pyrange(r - 2)) + [r - 1, r - 2]
    return transpose(a, perm)


def _strings_join(inputs, separator="", name=None):
    parts = [_t(x) for x in inputs]
    vals = [p.numpy() for p in parts]
    if _pyall(_npm._np.is_scalar(v) or not isinstance(v, _npm.ndarray) for v in vals):
        return _core.constant(separator.join(v.decode() if isinstance(v, bytes) else str(v) for v in vals), string)
    raise NotImplementedError("tf.strings.join on non-scalars is not supported by GraphLens yet")


strings = _Namespace(join=_strings_join,
                     as_string=lambda x, **k: _core.constant(str(_t(x).numpy()), string),
                     length=lambda x, **k: _core.constant(len(_t(x).numpy()), int32))


# ----- nn ------------------------------------------------------------------------------------
def relu(features, name=None):
    return _op("Relu", [features])


def relu6(features, name=None):
    return _op("Relu6", [features])


def elu(features, name=None):
    return _op("Elu", [features])


def selu(features, name=None):
    return _op("Selu", [features])


def leaky_relu(features, alpha=0.2, name=None):
    return _op("LeakyRelu", [features], {"alpha": alpha})


def gelu(features, approximate=False, name=None):
    x = _t(features)
    if approximate:
        c = 0.7978845608028654
        return 0.5 * x * (1.0 + tanh(c * (x + 0.044715 * x * x * x)))
    raise NotImplementedError("tf.nn.gelu(approximate=False) needs erf, not supported by GraphLens yet")


def silu(features, beta=1.0, name=None):
    x = _t(features)
    return x * sigmoid(beta * x)


def _softmax_like(opname, logits, axis):
    x = _t(logits)
    r = _rank(x)
    if axis is None or axis == -1 or axis == r - 1:
        return _op(opname, [x])
    perm = list(_pyrange(r))
    perm[axis], perm[-1] = perm[-1], perm[axis]
    return transpose(_op(opname, [transpose(x, perm)]), perm)


def softmax(logits, axis=None, name=None):
    return _softmax_like("Softmax", logits, axis)


def log_softmax(logits, axis=None, name=None):
    return _softmax_like("LogSoftmax", logits, axis)


def sparse_softmax_cross_entropy_with_logits(labels=None, logits=None, name=None):
    logits = _t(logits)
    labels = _t(labels)
    if _core.tracing():
        shape(labels)  # TF takes the labels' shape first: a node of the graph even where unused
    return _op("SparseSoftmaxCrossEntropyWithLogits", [logits, labels], None, None, True)[0]


def softmax_cross_entropy_with_logits(labels=None, logits=None, axis=-1, name=None):
    logits = _t(logits)
    labels = _convert(labels, None, logits.dtype)
    return _op("SoftmaxCrossEntropyWithLogits", [logits, labels], None, None, True)[0]


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    logits = _t(logits)
    labels = _convert(labels, None, logits.dtype)
    zeros_ = zeros_like(logits)
    cond = logits >= zeros_
    relu_logits = where(cond, logits, zeros_)
    neg_abs_logits = where(cond, -logits, logits)
    return add(relu_logits - logits * labels, log1p(exp(neg_abs_logits)))


def bias_add(value, bias, data_format=None, name=None):
    return _op("BiasAdd", [value, bias], {"data_format": "NHWC" if data_format in (None, "N...C") else data_format})


def _ntuple(v, n, data_format="NHWC"):
    if isinstance(v, _pyint):
        v = [v] * n
    v = list(v)
    if len(v) == n:
        return [1] + v + [1] if data_format.endswith("C") else [1, 1] + v
    if len(v) == 1:
        return [1] + v * n + [1]
    return v


def conv2d(input, filters, strides, padding, data_format="NHWC", dilations=None, name=None):
    data_format = data_format or "NHWC"
    attrs = {"strides": _ntuple(strides, 2, data_format), "padding": padding, "data_format": data_format}
    if dilations is not None:
        attrs["dilations"] = _ntuple(dilations, 2, data_format)
    if isinstance(padding, (list, _pytuple)):
        attrs["padding"] = "EXPLICIT"
        flat = []
        for p in padding:
            flat += list(p)
        attrs["explicit_paddings"] = flat
    return _op("Conv2D", [input, filters], attrs)


def _pool(opname, input, ksize, strides, padding, data_format):
    data_format = data_format or "NHWC"
    return _op(opname, [input], {"ksize": _ntuple(ksize, 2, data_format), "strides": _ntuple(strides, 2, data_format),
                                  "padding": padding, "data_format": data_format})


def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    return _pool("MaxPool", input, ksize, strides, padding, data_format)


def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):
    return _pool("AvgPool", input, ksize, strides, padding, data_format)


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
    return _op("L2Loss", [t])


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
    return gather(params, ids)


nn = _Namespace(
    relu=relu, relu6=relu6, elu=elu, selu=selu, leaky_relu=leaky_relu, gelu=gelu, silu=silu, swish=silu,
    sigmoid=sigmoid, tanh=tanh, softplus=softplus, softmax=softmax, log_softmax=log_softmax,
    sparse_softmax_cross_entropy_with_logits=sparse_softmax_cross_entropy_with_logits,
    softmax_cross_entropy_with_logits=softmax_cross_entropy_with_logits,
    sigmoid_cross_entropy_with_logits=sigmoid_cross_entropy_with_logits,
    bias_add=bias_add, conv2d=conv2d, max_pool2d=max_pool2d, avg_pool2d=avg_pool2d, max_pool=max_pool2d,
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


random = _Namespace(set_seed=_set_seed, normal=_random_normal, uniform=_random_uniform,
                    truncated_normal=_random_truncated_normal, stateless_normal=_stateless_normal,
                    stateless_uniform=_stateless_uniform, stateless_truncated_normal=_stateless_truncated_normal,
                    get_global_seed=_core.rand_global_seed, shuffle=_random_shuffle,
                    categorical=_random_categorical)
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


image = _Namespace(resize=_image_resize, ResizeMethod=_ResizeMethod)


# ----- math / linalg namespaces ----------------------------------------------------------------
math = _Namespace(
    add=add, subtract=subtract, multiply=multiply, divide=divide, truediv=truediv, floordiv=floordiv,
    floormod=floormod, mod=mod, pow=pow, maximum=maximum, minimum=minimum, negative=negative, abs=abs,
    square=square, sqrt=sqrt, rsqrt=rsqrt, exp=exp, expm1=expm1, log=log, log1p=log1p, tanh=tanh,
    sigmoid=sigmoid, sign=sign, reciprocal=reciprocal, greater=greater, greater_equal=greater_equal, less=less,
    less_equal=less_equal, equal=equal, not_equal=not_equal, logical_and=logical_and, logical_or=logical_or,
    logical_not=logical_not, logical_xor=logical_xor, round=round, floor=floor, ceil=ceil, sin=sin, cos=cos,
    squared_difference=squared_difference, reduce_sum=reduce_sum, reduce_mean=reduce_mean,
    reduce_max=reduce_max, reduce_min=reduce_min, reduce_prod=reduce_prod, reduce_all=reduce_all,
    reduce_any=reduce_any, reduce_logsumexp=reduce_logsumexp, reduce_std=reduce_std,
    reduce_variance=reduce_variance, argmax=argmax, argmin=argmin, cumsum=cumsum, cumprod=cumprod,
    is_nan=is_nan, is_inf=is_inf, is_finite=is_finite, softplus=softplus, divide_no_nan=divide_no_nan,
    xdivy=xdivy, multiply_no_nan=multiply_no_nan, add_n=add_n, count_nonzero=count_nonzero,
    l2_normalize=l2_normalize, log_softmax=log_softmax, softmax=softmax, atan2=atan2, top_k=None,
    realdiv=realdiv, confusion_matrix=None)
linalg = _Namespace(matrix_transpose=matrix_transpose, eye=eye, matmul=matmul, norm=norm, l2_normalize=l2_normalize, einsum=einsum,
                    global_norm=global_norm)


# ----- tf.nest --------------------------------------------------------------------------------
def _nest_flatten(x):
    if isinstance(x, TensorArray) and x._graph:
        return [x._flow]
    if isinstance(x, dict):
        out = []
        for k in sorted(x.keys()):
            out += _nest_flatten(x[k])
        return out
    if isinstance(x, (list, _pytuple)):
        out = []
        for v in x:
            out += _nest_flatten(v)
        return out
    return [x]


def _nest_pack(structure, flat, pos=None):
    if pos is None:
        pos = [0]
    if isinstance(structure, dict):
        r = {}
        for k in sorted(structure.keys()):
            r[k] = _nest_pack(structure[k], flat, pos)
        return {k: r[k] for k in structure.keys()}
    if isinstance(structure, (list, _pytuple)):
        items = [_nest_pack(v, flat, pos) for v in structure]
        if isinstance(structure, _pytuple) and hasattr(type(structure), "_fields"):
            return type(structure)(*items)  # a namedtuple keeps its type, as in TF's nest
        return items if isinstance(structure, list) else _pytuple(items)
    v = flat[pos[0]]
    pos[0] += 1
    if isinstance(structure, TensorArray) and structure._graph:
        return structure._with_flow(v)
    return v


def _nest_map(fn, *structures):
    flats = [_nest_flatten(s) for s in structures]
    return _nest_pack(structures[0], [fn(*xs) for xs in zip(*flats)])


nest = _Namespace(flatten=_nest_flatten, pack_sequence_as=lambda s, f: _nest_pack(s, list(f)),
                  map_structure=_nest_map, is_nested=lambda x: isinstance(x, (list, _pytuple, dict)))


# ----- IndexedSlices --------------------------------------------------------------------------
class IndexedSlices:
    def __init__(self, values, indices, dense_shape=None):
        self.values = values
        self.indices = indices
        self.dense_shape = dense_shape

    @property
    def dtype(self):
        return self.values.dtype

    @property
    def shape(self):
        return TensorShape(_core.tolist(self.dense_shape)) if self.dense_shape is not None else None

    def __repr__(self):
        return "IndexedSlices(indices=%s, values=%s, dense_shape=%s)" % (self.indices, self.values, self.dense_shape)

    def numpy(self):
        return _indexed_to_dense(self).numpy()

    def __add__(self, other):
        return _indexed_to_dense(self) + other

    def __mul__(self, other):
        return IndexedSlices(self.values * other, self.indices, self.dense_shape)

    __rmul__ = __mul__


def _indexed_to_dense(s):
    shp = _core.tolist(s.dense_shape)
    z = zeros(shp, s.values.dtype)
    idx = _core.tolist(s.indices)
    rows = [zeros(shp[1:], s.values.dtype) for _ in _pyrange(shp[0])]
    vals = unstack(s.values) if len(idx) else []
    for i, v in zip(idx, vals):
        rows[i] = rows[i] + v
    return stack(rows) if rows else z


# ----- GradientTape --------------------------------------------------------------------------
class UnconnectedGradients:
    NONE = "none"
    ZERO = "zero"


class _StopRecording:
    def __init__(self, tape):
        self._tape = tape

    def __enter__(self):
        _core.tape_stop(self._tape._h, 1)
        return self

    def __exit__(self, *a):
        _core.tape_stop(self._tape._h, -1)
        return False


class GradientTape:
    def __init__(self, persistent=False, watch_accessed_variables=True):
        self._h = _core.tape_new(_pybool(persistent), _pybool(watch_accessed_variables))
        self._persistent = persistent
        self._recording = False

    def __enter__(self):
        _core.tape_push(self._h)
        self._recording = True
        return self

    def __exit__(self, typ, val, tb):
        if self._recording:
            _core.tape_pop(self._h)
            self._recording = False
        return False

    def watch(self, tensor):
        _core.tape_watch(self._h, _nest_flatten(tensor))

    def stop_recording(self):
        return _StopRecording(self)

    def reset(self):
        _core.tape_reset(self._h)

    def watched_variables(self):
        return _core.tape_watched_variables(self._h)

    def gradient(self, target, sources, output_gradients=None, unconnected_gradients=UnconnectedGradients.NONE):
        if self._recording and not self._persistent:
            _core.tape_pop(self._h)
            self._recording = False
        flat_t = _nest_flatten(target)
        flat_s = _nest_flatten(sources)
        og = None if output_gradients is None else _nest_flatten(output_gradients)
        res = _core.tape_gradient(self._h, flat_t, flat_s, og, unconnected_gradients == "zero")
        res = [_wrap_grad(g) for g in res]
        return _nest_pack(sources, res)

    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE, parallel_iterations=None,
                 experimental_use_pfor=True):
        if self._recording and not self._persistent:
            _core.tape_pop(self._h)
            self._recording = False
        target = _t(target)
        tshape = _core.shape_of(target)
        n = 1
        for d in tshape:
            n *= d
        flat_s = _nest_flatten(sources)
        rows = [[] for _ in flat_s]
        for i in _pyrange(n):
            og = reshape(one_hot(i, n, dtype=target.dtype), tshape)
            gs = _core.tape_gradient(self._h, [target], flat_s, [og], unconnected_gradients == "zero", False)
            for k, g in enumerate(gs):
                rows[k].append(g if g is not None else zeros_like(flat_s[k]))
        res = []
        for k, s in enumerate(flat_s):
            sshape = _core.shape_of(s)
            res.append(reshape(stack(rows[k]), tshape + sshape))
        _core.tape_gradient(self._h, [], [], None, False, True)
        return _nest_pack(sources, res)


def _wrap_grad(g):
    if isinstance(g, list) and len(g) == 3:
        return IndexedSlices(g[0], g[1], g[2])
    return g


# ----- errors ---------------------------------------------------------------------------------
_errs = _core.errors
errors = _Namespace(**_errs)
OpError = _errs["OpError"]
InvalidArgumentError = _errs["InvalidArgumentError"]


# ----- printing -------------------------------------------------------------------------------
def print(*inputs, **kwargs):
    output_stream = kwargs.get("output_stream", None)
    sep = kwargs.get("sep", " ")
    end = kwargs.get("end", "\n")
    summarize = kwargs.get("summarize", 3)
    if _core.tracing():
        return _graph_print(inputs, output_stream, sep, end, summarize)
    flat = []
    for x in inputs:
        if isinstance(x, (list, _pytuple, dict)) and not is_tensor(x):
            flat.append(_print_structure(x, summarize))
        else:
            flat.append(x)
    text = _core.print_text(flat, summarize, sep, end)
    stream = output_stream if output_stream is not None else _sys.stderr
    if isinstance(stream, str):
        stream = _sys.stdout if "stdout" in stream else _sys.stderr
    stream.write(text)


def _graph_print(inputs, output_stream, sep, end, summarize):
    # tf.print in a graph: StringFormat (template with "{}" per tensor) -> PrintV2.
    parts = []
    tensors = []
    for x in inputs:
        if is_tensor(x):
            parts.append("{}")
            tensors.append(x)
        elif isinstance(x, (list, _pytuple, dict)):
            flat = _nest_flatten(x)
            if any(is_tensor(v) for v in flat):
                tensors += [v for v in flat if is_tensor(v)]
                parts.append(_print_structure_template(x))
            else:
                parts.append(str(x))
        else:
            parts.append(str(x))
    stream = "stderr"
    if output_stream is _sys.stdout or output_stream == "stdout" or (isinstance(output_stream, str) and "stdout" in output_stream):
        stream = "stdout"
    fmt = _op("StringFormat", [tensors], {"template": sep.join(parts), "placeholder": "{}", "summarize": summarize})
    return _core.op("PrintV2", [fmt], {"output_stream": stream, "end": end})


def _print_structure_template(x):
    if isinstance(x, dict):
        return "{" + ", ".join("%r: %s" % (k, _print_structure_template(v)) for k, v in x.items()) + "}"
    if isinstance(x, list):
        return "[" + ", ".join(_print_structure_template(v) for v in x) + "]"
    if isinstance(x, _pytuple):
        return "(" + ", ".join(_print_structure_template(v) for v in x) + ("," if len(x) == 1 else "") + ")"
    return "{}" if is_tensor(x) else str(x)


def _print_structure(x, summarize):
    if isinstance(x, dict):
        return "{" + ", ".join("%r: %s" % (k, _print_structure(v, summarize)) for k, v in x.items()) + "}"
    if isinstance(x, list):
        return "[" + ", ".join(_print_structure(v, summarize) for v in x) + "]"
    if isinstance(x, _pytuple):
        return "(" + ", ".join(_print_structure(v, summarize) for v in x) + ("," if len(x) == 1 else "") + ")"
    if is_tensor(x):
        return _core.print_text([x], summarize, " ", "")
    return str(x)


def timestamp(name=None):
    if _core.tracing():
        return _op("Timestamp", [])
    return _core.constant(_core.timestamp(), float64)


# ----- debugging ------------------------------------------------------------------------------
def _fail(msg, data=None):
    _core.raise_error("InvalidArgumentError", msg)


def _np_of(x):
    return _t(x).numpy()


_ASSERT_SCOPES = {"==": "assert_equal", "!=": "assert_none_equal", ">": "assert_greater",
                  ">=": "assert_greater_equal", "<": "assert_less", "<=": "assert_less_equal"}


def _assert_binary(x, y, check, sym, name, message, summarize=None, data=None):
    if _core.tracing():
        # In a graph: an Assert op that checks when the function runs, under TF's name scopes
        # (the failing node's name ends TF's error message); TF names the tensors.
        with name_scope(_ASSERT_SCOPES[sym]):
            x = _t(x)
            y = _convert(y, None, x.dtype) if not is_tensor(y) else y
            if data is None:
                data = ([message] if message else []) + ["Condition x %s y did not hold element-wise:" % sym,
                                                         "x (%s) = " % x.name, x, "y (%s) = " % y.name, y]
            return _graph_assert(reduce_all(check(x, y)), data, summarize)
    x = _t(x)
    y = _convert(y, None, x.dtype) if not is_tensor(y) else y
    cond = check(x, y)
    if _pybool(reduce_all(cond)):
        return None
    msg = (message + "\n" if message else "")
    xs = _core.print_text([x], 3, " ", "")
    ys = _core.print_text([y], 3, " ", "")
    if sym == "==":
        flat_c = _core.tolist(reshape(cond, [-1])) if _rank(cond) > 0 else [_core.tolist(cond)]
        bad = [i for i, c in enumerate(flat_c) if not c]
        xv = _core.tolist(reshape(broadcast_to(x, shape(cond)), [-1])) if _rank(cond) > 0 else [_core.tolist(x)]
        yv = _core.tolist(reshape(broadcast_to(y, shape(cond)), [-1])) if _rank(cond) > 0 else [_core.tolist(y)]
        k = len(bad)
        msg += "Condition x == y did not hold.\nIndices of first %d different values:\n%s\nCorresponding x values:\n%s\nCorresponding y values:\n%s\nFirst %d elements of x:\n%s\nFirst %d elements of y:\n%s" % (
            k, _npm.array([[i] for i in bad]), _npm.array([xv[i] for i in bad], x.dtype.as_numpy_dtype if x.dtype != string else None),
            _npm.array([yv[i] for i in bad], y.dtype.as_numpy_dtype if y.dtype != string else None),
            len(xv), _npm.array(xv[:3] if False else xv, x.dtype.as_numpy_dtype if x.dtype != string else None),
            len(yv), _npm.array(yv, y.dtype.as_numpy_dtype if y.dtype != string else None))
    else:
        msg += "Condition x %s y did not hold element-wise:\nx (%s) = \n%s\ny (%s) = \n%s" % (sym, name[0], xs, name[1], ys)
    _fail(msg)


def assert_equal(x, y, data=None, summarize=None, message=None, name=None):
    return _assert_binary(x, y, equal, "==", ("x", "y"), message)


def assert_none_equal(x, y, data=None, summarize=None, message=None, name=None):
    return _assert_binary(x, y, not_equal, "!=", ("x", "y"), message)


def assert_greater(x, y, data=None, summarize=None, message=None, name=None):
    return _assert_binary(x, y, greater, ">", ("x", "y"), message)


def assert_greater_equal(x, y, data=None, summarize=None, message=None, name=None):
    return _assert_binary(x, y, greater_equal, ">=", ("x", "y"), message)


def assert_less(x, y, data=None, summarize=None, message=None, name=None):
    return _assert_binary(x, y, less, "<", ("x", "y"), message)


def assert_less_equal(x, y, data=None, summarize=None, message=None, name=None):
    return _assert_binary(x, y, less_equal, "<=", ("x", "y"), message)


def _assert_sign(x, data, summarize, message, name, scope, sym, check, check_sym):
    # TF's unary asserts: `check`(0, x) (assert_less / assert_less_equal) inside the function's own
    # name scope, with TF's message prefix ("msg.  ") and x's name in the data.
    if _core.tracing():
        with name_scope(name or scope):
            x = _t(x)
            if data is None:
                data = [message + ".  " if message else "", "Condition x %s 0 did not hold element-wise:" % sym,
                        "x (%s) = " % x.name, x]
            return _assert_binary(_convert(0, None, x.dtype), x, check, check_sym, ("x", "y"), message, summarize, data)
    x = _t(x)
    if _pybool(reduce_all(check(_convert(0, None, x.dtype), x))):
        return None
    if data is None:
        data = [message + ".  " if message else "", "Condition x %s 0 did not hold element-wise:" % sym,
                "x (shape=%s dtype=%s) = " % (x.shape, x.dtype.name), x]
    summarize = 3 if summarize is None else (1 << 62 if summarize < 0 else summarize)
    _fail("\n".join(_pretty_datum(d, summarize) for d in data))


def _pretty_datum(d, summarize):
    # TF's check_ops._pretty_print: a tensor as numpy's str of a scalar, or a list of the str of its
    # first `summarize` elements ("..." when there are more).
    if not is_tensor(d):
        return str(d)
    arr = d.numpy()
    if arr.ndim == 0:
        return str(arr)
    flat = arr.reshape((-1,))
    items = [str(v) for v in flat[:summarize]]
    if len(items) < flat.size:
        items.append("...")
    return str(items)


def assert_positive(x, data=None, summarize=None, message=None, name=None):
    return _assert_sign(x, data, summarize, message, name, "assert_positive", ">", less, "<")


def assert_non_negative(x, data=None, summarize=None, message=None, name=None):
    return _assert_sign(x, data, summarize, message, name, "assert_non_negative", ">=", less_equal, "<=")


def assert_near(x, y, rtol=None, atol=None, data=None, summarize=None, message=None, name=None):
    x = _t(x)
    y = _convert(y, None, x.dtype) if not is_tensor(y) else y
    eps = 1.1920928955078125e-07 if x.dtype in (float32,) else 2.220446049250313e-16
    rtol = 10 * eps if rtol is None else rtol
    atol = 10 * eps if atol is None else atol
    tol = atol + rtol * abs(y)
    diff = abs(x - y)
    if not _pybool(reduce_all(less_equal(diff, tol))):
        _fail((message + "\n" if message else "") + "x and y not equal to tolerance rtol = %s, atol = %s" % (rtol, atol))


def assert_rank(x, rank, message=None, name=None):
    r = _rank(x)
    if r != _pyint(rank):
        raise ValueError("%sTensor %s must have rank %d.  Received rank %d, shape %s" % (
            (message + ".  ") if message else "", name or "x", _pyint(rank), r, TensorShape(_core.shape_of(x))))


def assert_rank_at_least(x, rank, message=None, name=None):
    r = _rank(x)
    if r < _pyint(rank):
        raise ValueError("Tensor x must have rank at least %d.  Received rank %d, shape %s" % (_pyint(rank), r, TensorShape(_core.shape_of(x))))


def assert_type(tensor, tf_type, message=None, name=None):
    if _t(tensor).dtype != as_dtype(tf_type):
        raise TypeError("%s%s must be of type %r; got %r" % (message + ", " if message else "", "tensor", as_dtype(tf_type), tensor.dtype))


def assert_shapes(shapes, data=None, summarize=None, message=None, name=None):
    sizes = {}
    items = shapes.items() if isinstance(shapes, dict) else shapes
    for x, spec in items:
        shp = _core.shape_of(x)
        if len(spec) != len(shp) and not (len(spec) == 0 and len(shp) == 0):
            raise ValueError("%s. Tensor %s specified shape index %d. Shape must have rank %d. Received rank %d, shape %s" % (
                message or "", "x", len(spec), len(spec), len(shp), TensorShape(shp)))
        for i, (sym, d) in enumerate(zip(spec, shp)):
            if isinstance(sym, _pyint):
                if sym != d:
                    raise ValueError("Tensor x dimension %d must have size %d. Received size %d, shape %s" % (i, sym, d, TensorShape(shp)))
            elif sym in ("*", "."):
                continue
            elif sym in sizes:
                if sizes[sym] != d:
                    raise ValueError("Tensor x dimension %d must have size %d. Received size %d, shape %s" % (i, sizes[sym], d, TensorShape(shp)))
            else:
                sizes[sym] = d


def check_numerics(tensor, message, name=None):
    t = _t(tensor)
    bad = logical_not(is_finite(t))
    if _pybool(reduce_any(bad)):
        kind = "Inf and NaN" if _pybool(reduce_any(is_nan(t))) and _pybool(reduce_any(is_inf(t))) else ("NaN" if _pybool(reduce_any(is_nan(t))) else "Inf")
        _fail("%s : Tensor had %s values" % (message, kind))
    return t


def assert_all_finite(t, msg, name=None, x=None):
    return check_numerics(t, msg)


def Assert(condition, data, summarize=None, name=None):
    if _core.tracing():
        return _graph_assert(condition, data, summarize)
    if not _pybool(condition):
        _fail("assertion failed: [" + "] [".join(_print_structure(d, 3) if not is_tensor(d) else _core.print_text([d], 3, " ", "") for d in data) + "]")


debugging = _Namespace(assert_equal=assert_equal, assert_none_equal=assert_none_equal, assert_greater=assert_greater,
                       assert_greater_equal=assert_greater_equal, assert_less=assert_less,
                       assert_less_equal=assert_less_equal, assert_near=assert_near, assert_rank=assert_rank,
                       assert_rank_at_least=assert_rank_at_least, assert_type=assert_type,
                       assert_shapes=assert_shapes, check_numerics=check_numerics, assert_positive=assert_positive,
                       assert_non_negative=assert_non_negative, assert_all_finite=assert_all_finite,
                       Assert=Assert, set_log_device_placement=lambda enabled: None,
                       enable_check_numerics=lambda *a, **k: None)


# ----- config, devices, scopes ----------------------------------------------------------------
class _Device:
    def __init__(self, name, device_type, kind):
        self.name = name
        self.device_type = device_type
        self._kind = kind

    def __repr__(self):
        return "%s(name=%r, device_type=%r)" % (self._kind, self.name, self.device_type)

    def __eq__(self, other):
        return isinstance(other, _Device) and self.name == other.name and self._kind == other._kind

    def __hash__(self):
        return hash(self.name)


def _list_physical_devices(device_type=None):
    if device_type is None or device_type == "CPU":
        return [_Device("/physical_device:CPU:0", "CPU", "PhysicalDevice")]
    return []


def _list_logical_devices(device_type=None):
    if device_type is None or device_type == "CPU":
        return [_Device("/device:CPU:0", "CPU", "LogicalDevice")]
    return []


_run_eagerly = [False]
# tf.config.optimizer's experimental options (grappler's RewriterConfig switches); the optimising
# passes that read them come with issue #6.
_optimizer_options = {}


def _set_optimizer_options(options):
    _optimizer_options.update(options)
    # As TF: with the meta optimizer off, functions run as traced (no grappler passes).
    _core.fn_set_optimize_functions(not _optimizer_options.get("disable_meta_optimizer", False))


def _get_optimizer_options():
    # As TF reports them: the switches set, then the two booleans it always lists.
    out = dict(_optimizer_options)
    out.setdefault("disable_model_pruning", False)
    out.setdefault("disable_meta_optimizer", False)
    return out


config = _Namespace(
    optimizer=_Namespace(set_experimental_options=_set_optimizer_options,
                         get_experimental_options=_get_optimizer_options,
                         set_jit=lambda enabled: None, get_jit=lambda: ""),
    list_physical_devices=_list_physical_devices, list_logical_devices=_list_logical_devices,
    get_visible_devices=_list_physical_devices, set_visible_devices=lambda *a, **k: None,
    run_functions_eagerly=lambda b: _core.fn_set_run_eagerly(_pybool(b)),
    functions_run_eagerly=lambda: _core.fn_run_eagerly(),
    set_soft_device_placement=lambda b: None,
    experimental=_Namespace(list_physical_devices=_list_physical_devices, set_memory_growth=lambda d, b: None,
                            get_memory_growth=lambda d: False,
                            enable_op_determinism=lambda: None),
    threading=_Namespace(set_inter_op_parallelism_threads=lambda n: None,
                         set_intra_op_parallelism_threads=lambda n: None,
                         get_inter_op_parallelism_threads=lambda: 0,
                         get_intra_op_parallelism_threads=lambda: 0))


class device:
    def __init__(self, device_name):
        self._name = device_name

    def __enter__(self):
        return self

    def __exit__(self, *a):
        return False


class name_scope:
    def __init__(self, name, default_name=None, values=None):
        self._name = name if name else default_name

    def __enter__(self):
        n = self._name
        if n and n.endswith("/"):
            n = n[:-1]
        _name_scopes.append(n)
        _core.set_name_scope("/".join(_name_scopes))
        return "/".join(_name_scopes) + "/"

    def __exit__(self, *a):
        _name_scopes.pop()
        _core.set_name_scope("/".join(_name_scopes))
        return False


def executing_eagerly():
    return not _core.tracing()


def get_static_value(tensor, partial=False):
    if is_tensor(tensor):
        return tensor.numpy()
    return tensor


def init_scope():
    return device(None)


def control_dependencies(control_inputs):
    return device(None)


def no_op(name=None):
    return None


def group(*inputs, **kw):
    return None


# ----- control flow (eager) ------------------------------------------------------------------
def cond(pred, true_fn=None, false_fn=None, name=None):
    if _pybool(pred):
        return true_fn() if true_fn is not None else None
    return false_fn() if false_fn is not None else None


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, maximum_iterations=None, name=None):
    single = not isinstance(loop_vars, (list, _pytuple))
    vars_ = [loop_vars] if single else list(loop_vars)
    i = 0
    while _pybool(cond(*vars_)):
        if maximum_iterations is not None and i >= maximum_iterations:
            break
        r = body(*vars_)
        vars_ = [r] if single or not isinstance(r, (list, _pytuple)) else list(r)
        i += 1
    if single:
        return vars_[0]
    return _pytuple(vars_) if isinstance(loop_vars, _pytuple) else vars_


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    for p, fn in pred_fn_pairs:
        if _pybool(p):
            return fn()
    return default() if default is not None else None


def switch_case(branch_index, branch_fns, default=None, name="switch_case"):
    i = _pyint(branch_index)
    fns = branch_fns if isinstance(branch_fns, dict) else dict(enumerate(branch_fns))
    if i in fns:
        return fns[i]()
    return default() if default is not None else fns[_pymax(fns.keys())]()


def map_fn(fn, elems, dtype=None, fn_output_signature=None, name=None, **kw):
    items = [fn(e) for e in unstack(_t(elems))]
    return stack(items)


def vectorized_map(fn, elems, fallback_to_while_loop=True):
    return map_fn(fn, elems)


# ----- TensorArray ----------------------------------------------------------------------------
class TensorArray:
    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None, tensor_array_name=None,
                 handle=None, flow=None, infer_shape=True, element_shape=None, colocate_with_first_write_call=True,
                 name=None):
        self._dtype = as_dtype(dtype)
        self._dynamic = _pybool(dynamic_size)
        self._element_shape = element_shape
        self._graph = _core.tracing()
        if self._graph:
            # In a graph a TensorArray is a TensorList value (its "flow"), changed functionally.
            self._flow = flow if flow is not None else _op(
                "TensorListReserve", [self._shape_input(), 0 if size is None else size],
                {"element_dtype": self._dtype})
            return
        self._size = 0 if size is None else _pyint(size)
        self._items = [None] * self._size

    def _shape_input(self):
        if self._element_shape is None:
            return _core.constant(-1, int32)
        dims = as_shape(self._element_shape).dims
        if dims is None:
            return _core.constant(-1, int32)
        return _core.constant([-1 if d is None else d for d in dims], int32)

    def _with_flow(self, flow):
        ta = TensorArray(self._dtype, dynamic_size=self._dynamic, element_shape=self._element_shape, flow=flow)
        return ta

    @property
    def flow(self):
        return self._flow if self._graph else None

    @property
    def dtype(self):
        return self._dtype

    @property
    def dynamic_size(self):
        return self._dynamic

    def size(self, name=None):
        if self._graph:
            return _op("TensorListLength", [self._flow])
        return _core.constant(len(self._items), int32)

    def write(self, index, value, name=None):
        if self._graph:
            value = _convert(value, self._dtype)
            if self._element_shape is None:
                self._element_shape = value.shape
            attrs = {"element_dtype": self._dtype}
            if self._dynamic:
                attrs["resize_if_index_out_of_bounds"] = True
            return self._with_flow(_op("TensorListSetItem", [self._flow, index, value], attrs))
        i = _pyint(index)
        if i >= len(self._items):
            if not self._dynamic:
                _core.raise_error("InvalidArgumentError", "Tried to write to index %d but array is not resizeable and size is: %d" % (i, len(self._items)))
            self._items += [None] * (i + 1 - len(self._items))
        self._items[i] = _convert(value, self._dtype)
        return self

    def read(self, index, name=None):
        if self._graph:
            return _op("TensorListGetItem", [self._flow, index, self._shape_input()], {"element_dtype": self._dtype})
        i = _pyint(index)
        if i < 0 or i >= len(self._items):
            _core.raise_error("InvalidArgumentError", "Tried to read from index %d but array size is: %d" % (i, len(self._items)))
        v = self._items[i]
        if v is None:
            if self._element_shape is not None:
                return zeros(_shape_arg(self._element_shape), self._dtype)
            _core.raise_error("InvalidArgumentError", "Could not read from TensorArray index %d.  Furthermore, the element shape is not fully defined: <unknown>.  It is possible you are working with a resizeable TensorArray and stop_gradients is not allowing the gradients to be written.  If you set the full element_shape property on the forward TensorArray, the proper all-zeros tensor will be returned instead of incurring this error." % i)
        return v

    def stack(self, name=None):
        if self._graph:
            return _op("TensorListStack", [self._flow, self._shape_input()], {"element_dtype": self._dtype})
        if not self._items:
            shp = [0] + (_shape_arg(self._element_shape) if self._element_shape is not None else [])
            return zeros(shp, self._dtype)
        return stack([self.read(i) for i in _pyrange(len(self._items))])

    def gather(self, indices, name=None):
        if self._graph:
            return _op("TensorListGather", [self._flow, indices, self._shape_input()], {"element_dtype": self._dtype})
        return stack([self.read(i) for i in _core.tolist(_t(indices))])

    def concat(self, name=None):
        return concat([self.read(i) for i in _pyrange(len(self._items))], 0)

    def unstack(self, value, name=None):
        if self._graph:
            value = _convert(value, self._dtype)
            if self._element_shape is None and value.shape.rank is not None:
                self._element_shape = TensorShape(value.shape.as_list()[1:])
            return self._with_flow(_op("TensorListFromTensor", [value, self._shape_input()], {"element_dtype": self._dtype}))
        vals = unstack(_t(value, self._dtype))
        if len(vals) > len(self._items):
            self._items += [None] * (len(vals) - len(self._items))
        for i, v in enumerate(vals):
            self._items[i] = v
        return self

    def scatter(self, indices, value, name=None):
        vals = unstack(_t(value, self._dtype))
        for i, v in zip(_core.tolist(_t(indices)), vals):
            self.write(i, v)
        return self

    def close(self, name=None):
        return None


# ----- misc -----------------------------------------------------------------------------------
def numpy_function(func, inp, Tout, stateful=True, name=None):
    r = func(*[x.numpy() if is_tensor(x) else x for x in inp])
    if isinstance(r, (list, _pytuple)):
        return [_convert(v, t) for v, t in zip(r, Tout)]
    return _convert(r, Tout)


py_function = numpy_function


def ensure_shape(x, shape, name=None):
    x = _t(x)
    if not as_shape(shape).is_compatible_with(TensorShape(_core.shape_of(x))):
        _core.raise_error("InvalidArgumentError", "Shape of tensor x %s is not compatible with expected shape %s." % (
            TensorShape(_core.shape_of(x)), as_shape(shape)))
    return x


class Module:
    def __init__(self, name=None):
        self._name = name or type(self).__name__.lower()

    @property
    def name(self):
        return self._name

    @property
    def trainable_variables(self):
        return _collect_vars(self, True)

    @property
    def variables(self):
        return _collect_vars(self, False)


def _collect_vars(obj, trainable_only, seen=None):
    seen = set() if seen is None else seen
    out = []
    if id(obj) in seen:
        return out
    seen.add(id(obj))
    d = getattr(obj, "__dict__", None)
    if d is None:
        return out
    for k in sorted(d.keys()):
        v = d[k]
        vals = v if isinstance(v, (list, _pytuple)) else [v]
        for x in vals:
            if _core.is_variable(x):
                if not trainable_only or x.trainable:
                    out.append(x)
            elif isinstance(x, Module):
                out += _collect_vars(x, trainable_only, seen)
    return _pytuple(out)


def get_logger():
    class _L:
        def setLevel(self, level):
            pass

        def info(self, *a, **k):
            pass

        def warning(self, *a, **k):
            pass

        def error(self, *a, **k):
            pass
    return _L()


autograph = _Namespace(set_verbosity=lambda *a, **k: None,
                       experimental=_Namespace(do_not_convert=lambda f=None: f if f is not None else (lambda g: g)))


def _v1_where(condition, x=None, y=None, name=None):
    if x is None and y is None:
        return where(condition)
    c = _t(condition)
    x = _t(x)
    y = _convert(y, None, x.dtype)
    if _rank(c) == 1 and _rank(x) > 1:
        c = reshape(c, [-1] + [1] * (_rank(x) - 1))
        c = broadcast_to(c, _core.shape_of(x))
    return _op("Select", [c, x, y])


compat = _Namespace(v1=_Namespace(where=_v1_where, nn=_Namespace(fused_batch_norm=fused_batch_norm),
                                  enable_eager_execution=lambda *a, **k: None,
                                  executing_eagerly=executing_eagerly))
