# Eager TensorFlow for GraphLens: the Python half of the `tensorflow` module, part 1 of 3 (then
# tf_nn.py and tf_runtime.py, run into the same module). The native half (`_core`,
# core/eager/*.cpp) holds tensors, variables, dtypes, op execution, tapes, printing and random
# kernels; these files are TF's Python API on top of it. Part 1: dtypes, TensorShape, conversion,
# indexing, Variables and the ops.
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
_pyany = any

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
complex64 = _core.dtype("complex64")
complex128 = _core.dtype("complex128")
string = _core.dtype("string")
bool = _core.dtype("bool")
_bool_dtype = bool


def as_dtype(type_value):
    return _core.dtype(type_value)


dtypes = _Namespace(cast=lambda x, dtype, name=None: cast(x, dtype), float16=float16, half=half, float32=float32, float64=float64, double=double,
                    bfloat16=bfloat16, int8=int8, int16=int16, int32=int32, int64=int64, uint8=uint8,
                    uint16=uint16, uint32=uint32, uint64=uint64, string=string, bool=bool,
                    complex64=complex64, complex128=complex128, as_dtype=as_dtype, DType=DType)


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
        try:
            return self._dims[key]
        except IndexError:
            raise IndexError("tuple index out of range") from None  # TF keeps the dims as a tuple

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
    if name is not None and _core.tracing() and not is_tensor(value) and not _core.is_symbolic(value):
        # a Python value becomes a Const node of that name here, as in TF's graph
        return _core.graph_const(_eager_value(lambda: _convert(value, dtype, dtype_hint)), name)
    return _convert(value, dtype, dtype_hint)


def _eager_value(make):
    # make() run eagerly inside a trace: the value a graph constant will hold (no uids taken)
    _core.trace_suspend(True, False)
    try:
        return make()
    finally:
        _core.trace_suspend(False, False)


def constant(value, dtype=None, shape=None, name="Const"):
    if shape is None and _core.tracing() and not is_tensor(value) and not _core.is_symbolic(value):
        # in a graph tf.constant is a Const node made here, named as asked
        return _core.graph_const(_eager_value(lambda: _core.constant(value, dtype)), name)
    t = _core.constant(value, dtype)
    if shape is not None:
        shape = as_shape(shape).as_list() if not isinstance(shape, _pyint) else [shape]
        # TF 2.21 makes `shape` an int32 tensor here: tf.constant(0, shape=[2**32 + 3, 2]) is (3, 2)
        shape = [_wrap_int32(d) if isinstance(d, _pyint) else d for d in shape]
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


def _wrap_int32(v):
    # an int as an int32 holds it (what TF's conversions with dtype=int32 give)
    return (v + 2 ** 31) % 2 ** 32 - 2 ** 31


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
            # a slice with a graph tensor in it: TF makes its missing parts constant tensors too
            # (so they are packed with the rest)
            dynamic = any(_core.is_symbolic(x) for x in (k.start, k.stop, k.step))
            missing = (lambda v: constant(v)) if dynamic else (lambda v: v)  # noqa: E731
            begin.append(missing(0) if k.start is None else k.start)
            end.append(missing(0) if k.stop is None else k.stop)
            strides.append(missing(1) if k.step is None else k.step)
            if k.start is None:
                masks["begin_mask"] |= 1 << i
            if k.stop is None:
                masks["end_mask"] |= 1 << i
        elif k is Ellipsis or k is None:
            begin.append(0)
            end.append(0)
            strides.append(1)
            masks["ellipsis_mask" if k is Ellipsis else "new_axis_mask"] |= 1 << i
        else:
            begin.append(k)
            end.append(k + 1)
            strides.append(1)
            masks["shrink_axis_mask"] |= 1 << i
    return _op("StridedSlice", [t, begin, end, strides], masks, "strided_slice/")


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
    return _op("Identity", [input], None, name)


def stop_gradient(input, name=None):
    return _op("StopGradient", [input], None, name)


def _binary(opname, pyname):
    def f(x, y, name=None):
        return _op(opname, [x, y], None, name)
    f.__name__ = pyname
    return f


def add(x, y, name=None):
    # math_ops.add: string tensors concatenate through Add (AddV2 has no string kernel); in a
    # graph the node is named "Add" (its name scope) whatever its op
    if (is_tensor(x) and x.dtype == string) or isinstance(x, (str, bytes)):
        return _op("Add", [x, y], None, name)
    return _op("AddV2", [x, y], None, name if name is not None or not _core.tracing() else "Add")
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
    return _op("Pow", [x, y], None, name)


def equal(x, y, name=None):
    return _op("Equal", [x, y], {"incompatible_shape_error": True}, name)


def not_equal(x, y, name=None):
    return _op("NotEqual", [x, y], {"incompatible_shape_error": True}, name)


def logical_xor(x, y, name=None):
    return logical_and(logical_or(x, y), logical_not(logical_and(x, y)))


def truediv(x, y, name=None):
    x = _t(x) if is_tensor(x) or not is_tensor(y) else x
    if not is_tensor(x):
        x = _convert(x, None, y.dtype)
    y = _convert(y, None, x.dtype) if not is_tensor(y) else y
    if name is not None and x.dtype.is_floating:
        return _op("RealDiv", [x, y], None, name)
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
def abs(x, name=None):
    if not (is_tensor(x) or _core.is_symbolic(x)):
        x = _t(x)  # a variable stays one: the op reads it in its scope ("Abs/ReadVariableOp")
    if x.dtype.is_complex:
        return _op("ComplexAbs", [x], {"Tout": x.dtype.real_dtype}, name)
    return _op("Abs", [x], None, name)


def complex(real, imag, name=None):
    real, imag = _t(real), _t(imag)
    if real.dtype == float64 and imag.dtype == float64:
        tout = complex128
    elif real.dtype == float32 and imag.dtype == float32:
        tout = complex64
    else:
        raise TypeError("The `real` and `imag` components have incorrect types: {} {}".format(real.dtype.name, imag.dtype.name))
    return _op("Complex", [real, imag], {"Tout": tout}, name)


def real(input, name=None):
    input = _t(input)
    if input.dtype.is_complex:
        return _op("Real", [input], {"Tout": input.dtype.real_dtype}, name)
    if input.dtype.is_floating or input.dtype.is_integer:
        return input
    raise TypeError("input must be a numeric tensor, but got tensor with dtype {}".format(input.dtype))


def imag(input, name=None):
    input = _t(input)
    if input.dtype.is_complex:
        return _op("Imag", [input], {"Tout": input.dtype.real_dtype}, name)
    return zeros_like(input)


def conj(x, name=None):
    x = _t(x)
    if x.dtype.is_complex or x.dtype.name == "variant":
        return _op("Conj", [x], None, name)
    if x.dtype.is_floating or x.dtype.is_integer:
        return x
    raise TypeError("Expected numeric or variant tensor, got dtype %r" % x.dtype)


def angle(input, name=None):
    input = _t(input)
    if input.dtype.is_complex:
        return _op("Angle", [input], {"Tout": input.dtype.real_dtype}, name)
    return where(input < 0, 3.141592653589793 * ones_like(input), zeros_like(input))


square = _unary("Square", "square")
sqrt = _unary("Sqrt", "sqrt")
rsqrt = _unary("Rsqrt", "rsqrt")
exp = _unary("Exp", "exp")
expm1 = _unary("Expm1", "expm1")
log = _unary("Log", "log")
log1p = _unary("Log1p", "log1p")
tanh = _unary("Tanh", "tanh")
sigmoid = _unary("Sigmoid", "sigmoid")
erf = _unary("Erf", "erf")
erfc = _unary("Erfc", "erfc")
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
    return _op("Cast", [x], {"DstT": dtype, "Truncate": False}, name)


def saturate_cast(value, dtype, name=None):
    return cast(value, dtype)


def _named_graph_const(value, dtype, name):
    # A Const of the graph being traced with the name TF's Python wrapper gives it.
    if _core.tracing():
        return _core.graph_const(value, name, dtype)
    _core.trace_suspend(True, False)
    try:
        t = _core.constant(value, dtype)
    finally:
        _core.trace_suspend(False, False)
    return _core.graph_const(t, name)


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
        if _core.tracing():
            return _named_graph_const(list(_pyrange(len(dims))), int32, "Const")  # TF's _ReductionDims
        return list(_pyrange(len(dims)))
    return axis


def _reduce(opname):
    def f(input_tensor, axis=None, keepdims=False, name=None):
        # a variable is read by the op, in its name scope ("Sum/ReadVariableOp"), after the axes
        x = input_tensor if _core.is_variable(input_tensor) else _t(input_tensor)
        return _op(opname, [x, _axis_arg(x, axis)], {"keep_dims": _pybool(keepdims)}, name)
    return f


reduce_sum = _reduce("Sum")
reduce_mean = _reduce("Mean")
reduce_max = _reduce("Max")
reduce_min = _reduce("Min")
reduce_prod = _reduce("Prod")
reduce_all = _reduce("All")
reduce_any = _reduce("Any")


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    # as TF's math_ops: the max made finite (SelectV2 of IsFinite) held by StopGradient, the log
    # of the sum of exp(x - max), plus the max reshaped to the result, named after the scope
    with name_scope(name, "ReduceLogSumExp") as scope:
        x = convert_to_tensor(input_tensor)
        raw_max = reduce_max(x, axis, True)
        my_max = stop_gradient(_op("SelectV2", [_op("IsFinite", [raw_max]), raw_max, 0]))
        result = log(reduce_sum(exp(subtract(x, my_max)), axis, keepdims))
        if not keepdims:
            my_max = reshape(my_max, _op("Shape", [result], {"out_type": int32}))
        return _op("AddV2", [result, my_max], scope_name=scope[:-1])


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    with name_scope(name if name else "reduce_std"):
        x = convert_to_tensor(input_tensor)
        return sqrt(reduce_variance(x, axis, keepdims))


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    # as TF's math_ops: Mean (keepdims), Sub, Square, Mean in a "reduce_variance" scope
    with name_scope(name if name else "reduce_variance"):
        x = convert_to_tensor(input_tensor)
        means = reduce_mean(x, axis, True)
        if means.dtype.is_integer:
            raise TypeError("Input must be either real or complex. Received integer type %s." % (means.dtype,))
        return reduce_mean(square(x - means), axis, keepdims)


def count_nonzero(input, axis=None, keepdims=None, dtype=None, name=None):
    # as TF's math_ops.count_nonzero_v2: NotEqual to a scalar zero, an int64 Sum, a Cast to dtype
    dtype = int64 if dtype is None else as_dtype(dtype)
    with name_scope(name, "count_nonzero"):
        x = convert_to_tensor(input, name="input")
        predicate = x if x.dtype == bool else _op("NotEqual", [x, zeros([], x.dtype)])
        return cast(reduce_sum(cast(predicate, int64), axis, _pybool(keepdims)), dtype)


def argmax(input, axis=None, output_type=None, name=None):
    return _op("ArgMax", [input, 0 if axis is None else axis], {"output_type": int64 if output_type is None else output_type}, name)


def argmin(input, axis=None, output_type=None, name=None):
    return _op("ArgMin", [input, 0 if axis is None else axis], {"output_type": int64 if output_type is None else output_type}, name)


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
        return _op("BatchMatMulV2", [a, b], {"adj_x": ta, "adj_y": tb}, "", graph_name=name)
    if ta or tb:
        return _op("MatMul", [a, b], {"transpose_a": ta, "transpose_b": tb}, "", graph_name=name)
    return _op("MatMul", [a, b], None, "", graph_name=name)


def tensordot(a, b, axes, name=None):
    # math_ops.tensordot: a's contracted axes moved last and b's first, both reshaped to
    # matrices, one MatMul, the result reshaped to a's free axes then b's
    a, b = _t(a), _t(b)
    ra, rb = len(_core.shape_of(a)), len(_core.shape_of(b))
    if isinstance(axes, _pyint):
        if axes < 0:
            raise ValueError("'axes' must be at least 0.")
        axes_a, axes_b = list(_pyrange(ra - axes, ra)), list(_pyrange(axes))
    else:
        axes_a, axes_b = axes[0], axes[1]
        axes_a = [axes_a] if isinstance(axes_a, _pyint) else list(axes_a)
        axes_b = [axes_b] if isinstance(axes_b, _pyint) else list(axes_b)
        if len(axes_a) != len(axes_b):
            raise ValueError("Different number of contraction axes 'a' and 'b', %d != %d." % (len(axes_a), len(axes_b)))
    axes_a = [x % ra for x in axes_a]
    axes_b = [x % rb for x in axes_b]
    sa, sb = _core.shape_of(a), _core.shape_of(b)
    free_a = [i for i in _pyrange(ra) if i not in axes_a]
    free_b = [i for i in _pyrange(rb) if i not in axes_b]
    perm_a, perm_b = free_a + axes_a, axes_b + free_b

    def prod(dims):
        p = 1
        for d in dims:
            p *= d
        return p
    ma = a if perm_a == list(_pyrange(ra)) else transpose(a, perm_a)
    mb = b if perm_b == list(_pyrange(rb)) else transpose(b, perm_b)
    ma = reshape(ma, [prod([sa[i] for i in free_a]), prod([sa[i] for i in axes_a])])
    mb = reshape(mb, [prod([sb[i] for i in axes_b]), prod([sb[i] for i in free_b])])
    return reshape(matmul(ma, mb), [sa[i] for i in free_a] + [sb[i] for i in free_b])


def reshape(tensor, shape, name=None):
    return _op("Reshape", [tensor, _shape_arg(shape)], None, name)


def shape(input, out_type=None, name=None):
    if _core.tracing() and not _core.is_variable(input):
        # A fully known static shape is a constant in a graph (TF's shape_internal, optimize=True).
        dims = _core.shape_of(input)
        if dims is not None and None not in dims:
            # made now, as TF makes it (a node even when unused)
            return _named_graph_const(dims, int32 if out_type is None else out_type, name or "Shape")
    return _op("Shape", [input], {"out_type": int32 if out_type is None else out_type})


def shape_n(input, out_type=None, name=None):
    return [shape(x, out_type) for x in input]


def size(input, out_type=None, name=None):
    out_type = int32 if out_type is None else as_dtype(out_type)
    if _core.tracing() and not _core.is_variable(input):
        # TF's size_internal(optimize=True): a known element count is a constant in a graph
        dims = _core.shape_of(input)
        if dims is not None and (None not in dims or 0 in dims):
            n = 0 if 0 in dims else 1
            for d in dims:
                n *= d if d is not None else 1
            return _named_graph_const(n, out_type, name or "Size")
    return _op("Size", [input], {"out_type": out_type}, name)


def rank(input, name=None):
    if _core.tracing() and not _core.is_variable(input):
        dims = _core.shape_of(input)
        if dims is not None:  # a known rank is a constant in a graph (TF's rank_internal, optimize=True)
            return _named_graph_const(len(dims), int32, name or "Rank")
    return _op("Rank", [input])


def expand_dims(input, axis, name=None):
    return _op("ExpandDims", [input, axis], None, name)


def squeeze(input, axis=None, name=None):
    if axis is None:
        axis = []
    elif isinstance(axis, _pyint):
        axis = [axis]
    return _op("Squeeze", [input], {"squeeze_dims": list(axis)}, "" if name is None else name)


def transpose(a, perm=None, conjugate=False, name=None):
    a = _t(a)
    if perm is None:
        perm = list(_pyrange(_rank(a)))[::-1]
    return _op("Transpose", [a, perm], graph_name=name or "transpose")


def concat(values, axis, name="concat"):
    if len(values) == 1:
        return identity(values[0])
    return _op("ConcatV2", [list(values), axis], None, name)


def stack(values, axis=0, name="stack"):
    values = list(values)
    ts = [v for v in values if is_tensor(v)]
    if ts and len(ts) != len(values):
        values = [v if is_tensor(v) else _convert(v, None, ts[0].dtype) for v in values]
    if values:
        # TF's Python checks the axis against the known rank before the op runs.
        rank = _core.shape_of(values[0] if is_tensor(values[0]) else _t(values[0]))
        n = len(rank) + 1
        if axis < -n or axis >= n:
            raise ValueError(f"Argument `axis` = {axis} not in range [{-n}, {n})")
    return _op("Pack", [values], {"axis": axis}, name)


def _check_outputs(num):
    # TF refuses an output count beyond int32 while it builds the op.
    if num > 2147483647:
        raise ValueError(f"Number of outputs is too big: {num}")


def unstack(value, num=None, axis=0, name="unstack"):
    value = _t(value)
    shp = _core.shape_of(value)
    if num is None:
        num = shp[axis]
    _check_outputs(num)
    return _op("Unpack", [value], {"num": num, "axis": axis}, None, True, graph_name=name)


def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    value = _t(value)
    if isinstance(num_or_size_splits, _pyint):
        _check_outputs(num_or_size_splits)
        return _op("Split", [axis, value], {"num_split": num_or_size_splits}, None, True, graph_name=name)
    sizes = list(num_or_size_splits) if not is_tensor(num_or_size_splits) else num_or_size_splits.numpy().tolist()
    return _op("SplitV", [value, sizes, axis], {"num_split": len(sizes)}, None, True, graph_name=name)


def slice(input_, begin, size, name=None):
    return _op("Slice", [input_, begin, size], None, name)


def strided_slice(input_, begin, end, strides=None, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0,
                  shrink_axis_mask=0, var=None, name=None):
    if strides is None:
        strides = [1] * len(begin)
    return _op("StridedSlice", [input_, begin, end, strides],
               {"begin_mask": begin_mask, "end_mask": end_mask, "ellipsis_mask": ellipsis_mask,
                "new_axis_mask": new_axis_mask, "shrink_axis_mask": shrink_axis_mask})


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    return _op("GatherV2", [params, indices, 0 if axis is None else axis], {"batch_dims": batch_dims}, name)


def gather_nd(params, indices, batch_dims=0, name=None):
    if batch_dims != 0:
        raise NotImplementedError("tf.gather_nd(batch_dims=...) is not supported by GraphLens")
    return _op("GatherNd", [params, indices], None, name)


def tensor_scatter_nd_update(tensor, indices, updates, name=None):
    return _op("TensorScatterUpdate", [tensor, indices, updates], None, name)


def tensor_scatter_nd_add(tensor, indices, updates, name=None):
    return _op("TensorScatterAdd", [tensor, indices, updates], None, name)


def tensor_scatter_nd_sub(tensor, indices, updates, name=None):
    return _op("TensorScatterSub", [tensor, indices, updates], None, name)


def boolean_mask(tensor, mask, axis=None, name="boolean_mask"):
    # as TF's array_ops.boolean_mask: the masked dims (from `axis`) folded into one, the mask
    # flattened, the kept positions (Where, Squeeze) gathered along `axis`
    with name_scope(name):
        tensor = convert_to_tensor(tensor, name="tensor")
        mask = convert_to_tensor(mask, name="mask")
        shape_mask = mask.shape
        ndims_mask = shape_mask.rank
        shape_tensor = tensor.shape
        if ndims_mask == 0:
            raise ValueError("mask cannot be scalar.")
        if ndims_mask is None:
            raise ValueError("Number of mask dimensions must be specified, even if some dimensions are None.  "
                             "E.g. shape=[None] is ok, but shape=None is not.")
        axis = 0 if axis is None else _pyint(axis)
        if shape_tensor.rank is not None:
            part = TensorShape(shape_tensor.as_list()[axis:axis + ndims_mask])
            if not part.is_compatible_with(shape_mask):
                raise ValueError("Shapes %s and %s are incompatible" % (part, shape_mask))
        leading_size = _op("Prod", [shape(tensor)[axis:axis + ndims_mask], [0]], {"keep_dims": False})
        tensor = reshape(tensor, concat([shape(tensor)[:axis], [leading_size], shape(tensor)[axis + ndims_mask:]], 0))
        if _core.tracing() and shape_tensor.rank is not None:
            dims = shape_tensor.as_list()
            part = dims[axis:axis + ndims_mask]
            first = None
            if None not in part:
                first = 1
                for d in part:
                    first *= d
            tensor.set_shape(dims[:axis] + [first] + dims[axis + ndims_mask:])
        mask = reshape(mask, [-1])
        indices = squeeze(_op("Where", [mask]), axis=[1])
        return gather(tensor, indices, axis=axis)


def tile(input, multiples, name=None):
    return _op("Tile", [input, multiples], None, name)


def fill(dims, value, name=None):
    return _op("Fill", [_shape_arg(dims), value], None, name)


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
    _core.trace_suspend(True, False)
    try:
        folded = _op("Fill", [dims, _core.constant(value, dtype)])
    finally:
        _core.trace_suspend(False, False)
    return folded


def zeros(shape, dtype=float32, name=None, layout=None):
    dtype = as_dtype(dtype)
    zero = "" if dtype == string else (False if dtype == _bool_dtype else 0)
    c = _static_fill(shape, zero, dtype)
    if c is not None:
        return _core.graph_const(c, name or "zeros")
    return _op("Fill", [_shape_arg(shape), _core.constant(zero, dtype)])


def ones(shape, dtype=float32, name=None, layout=None):
    dtype = as_dtype(dtype)
    c = _static_fill(shape, True if dtype == _bool_dtype else 1, dtype)
    if c is not None:
        return _core.graph_const(c, name or "ones")
    return _op("Fill", [_shape_arg(shape), _core.constant(True if dtype == _bool_dtype else 1, dtype)])


def zeros_like(input, dtype=None, name=None, layout=None):
    x = _t(input)
    if _core.tracing() and _core.shape_of(x) is not None and None not in _core.shape_of(x):
        return zeros(_core.shape_of(x), as_dtype(dtype) if dtype is not None else x.dtype, name or "zeros_like")
    if dtype is not None and as_dtype(dtype) != x.dtype:
        return zeros(_core.shape_of(x), dtype)
    return _op("ZerosLike", [x])


def ones_like(input, dtype=None, name=None, layout=None):
    x = _t(input)
    dims = _core.shape_of(x)
    if dims is None or None in dims:  # a shape only known when the graph runs: Fill(Shape(x), 1)
        return ones(shape(x), x.dtype if dtype is None else dtype, name or "ones_like")
    return ones(dims, x.dtype if dtype is None else dtype, name or "ones_like")


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
            elif isinstance(v, _pyint) and not -2 ** 31 <= v < 2 ** 31:
                dts.append(int64)  # as convert_to_tensor infers it: never a truncated int32
            else:
                dts.append(int32)
        order = [int32, int64, float32, float64]
        dtype = _pymax(dts, key=lambda d: order.index(d) if d in order else 0)
    dtype = as_dtype(dtype)
    # Python numbers become the op's own constants (TF's range/start, range/limit, range/delta);
    # in a graph tensors are cast inside the op's scope, after those constants ("range/Cast")
    if _core.tracing() and _pyany(is_tensor(v) and v.dtype != dtype for v in (start, limit, delta)):
        with name_scope(name, "Range") as scope:
            s, l, d = [convert_to_tensor(v, dtype, name=n) if not is_tensor(v) else v
                       for v, n in ((start, "start"), (limit, "limit"), (delta, "delta"))]
            s, l, d = cast(s, dtype), cast(l, dtype), cast(d, dtype)
            return _op("Range", [s, l, d], {"Tidx": dtype}, scope_name=scope[:-1])
    s, l, d = [cast(v, dtype) if is_tensor(v) or not isinstance(v, (_pyint, _pyfloat)) else
               _core.constant(v, dtype) if not _core.tracing() else v for v in (start, limit, delta)]
    return _op("Range", [s, l, d], {"Tidx": dtype}, "" if name == "range" else name, graph_name=name)


def where(condition, x=None, y=None, name=None):
    if x is None and y is None:
        return _op("Where", [condition], None, name)
    if not is_tensor(x) and is_tensor(y) and not _core.tracing():
        x = _convert(x, None, y.dtype)
    # in a graph the op converts a Python x itself, as its Const "SelectV2/t"
    return _op("SelectV2", [condition, x, y], None, name)


def add_n(inputs, name=None):
    inputs = list(inputs)
    if len(inputs) == 1:
        return identity(inputs[0])
    return _op("AddN", [inputs], None, name)


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    # as TF's clip_ops: a "clip_by_value" scope, Minimum, then Maximum named after the scope
    with name_scope(name, "clip_by_value") as scope:
        values = convert_to_tensor(t.values if isinstance(t, IndexedSlices) else t, name="t")
        t_min = minimum(values, clip_value_max)
        if not values.shape.is_compatible_with(t_min.shape):
            raise ValueError("Shapes %s and %s are incompatible" % (values.shape, t_min.shape))
        t_max = _op("Maximum", [t_min, clip_value_min], scope_name=scope[:-1])
        if not values.shape.is_compatible_with(t_max.shape):
            raise ValueError("Shapes %s and %s are incompatible" % (values.shape, t_max.shape))
    if isinstance(t, IndexedSlices):
        return IndexedSlices(t_max, t.indices, t.dense_shape)
    return t_max


def clip_by_norm(t, clip_norm, axes=None, name=None):
    t = _t(t)
    # as TF's: a negative clip norm is 0
    if isinstance(clip_norm, (_pyint, float)):
        clip_norm = _pymax(clip_norm, 0)
    else:
        clip_norm = cast(maximum(clip_norm, 0), t.dtype)
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
    on_value = 1 if on_value is None else on_value
    off_value = 0 if off_value is None else off_value
    attrs = {"axis": -1 if axis is None else axis}
    if not _core.tracing():
        return _op("OneHot", [indices, depth, _core.constant(on_value, dtype), _core.constant(off_value, dtype)],
                   attrs, name)
    # as TF's array_ops.one_hot: a "one_hot" scope, on/off values converted in it first, the node
    # named after the scope
    with name_scope(name, "one_hot") as scope:
        on = on_value if is_tensor(on_value) else _named_graph_const(on_value, dtype, "on_value")
        off = off_value if is_tensor(off_value) else _named_graph_const(off_value, dtype, "off_value")
        return _op("OneHot", [indices, depth, on, off], attrs, scope_name=scope[:-1])


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    return _op("Cumsum", [x, axis], {"exclusive": exclusive, "reverse": reverse}, name)


def cumprod(x, axis=0, exclusive=False, reverse=False, name=None):
    return _op("Cumprod", [x, axis], {"exclusive": exclusive, "reverse": reverse}, name)


def broadcast_to(input, shape, name=None):
    return _op("BroadcastTo", [input, _shape_arg(shape)], None, name)


def reverse(tensor, axis, name=None):
    return _op("ReverseV2", [tensor, axis], None, name)


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None):
    mode = mode.upper()
    if mode == "CONSTANT":
        # As TF: a Python zero pads with Pad, anything else (a tensor included) with PadV2.
        if isinstance(constant_values, (_pyint, _pyfloat)) and constant_values == 0:
            return _op("Pad", [tensor, paddings], None, name)
        x = _t(tensor)
        return _op("PadV2", [x, paddings, _convert(constant_values, x.dtype)], None, name)
    if mode in ("REFLECT", "SYMMETRIC"):
        return _op("MirrorPad", [tensor, paddings], {"mode": mode}, name)
    raise ValueError("Value of argument `mode` expected to be one of \"CONSTANT\", \"REFLECT\", or \"SYMMETRIC\". "
                     "Received `mode` = %s" % mode)


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    # as TF's nn_impl: Square, Sum (keepdims), Maximum with epsilon, Rsqrt, and the Mul named after
    # the "l2_normalize" scope
    if axis is None:
        axis = dim
    with name_scope(name, "l2_normalize") as scope:
        x = convert_to_tensor(x, name="x")
        square_sum = reduce_sum(square(x), axis, True)
        x_inv_norm = rsqrt(maximum(square_sum, epsilon))
        return _op("Mul", [x, x_inv_norm], scope_name=scope[:-1])


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None):
    # as TF's linalg_ops.norm: vector norms (euclidean, 1, inf, p > 0) and matrix norms ('fro',
    # 'euclidean', 1, inf over two axes) in a "norm" scope; reductions keep their dims, then a
    # Squeeze drops them unless keepdims
    is_matrix_norm = isinstance(axis, (_pytuple, list)) and len(axis) == 2
    inf = float("inf")
    if is_matrix_norm:
        axis = _pytuple(axis)
        if not isinstance(axis[0], _pyint) or not isinstance(axis[1], _pyint) or axis[0] == axis[1]:
            raise ValueError("'axis' must be None, an integer, or a tuple of 2 unique integers, got %s" % (axis,))
        if ord not in ["euclidean", "fro", 1, 2, inf]:
            raise ValueError("'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, 2, inf], got %s"
                             % (ord,))
        if ord in (2, 2.0):
            raise NotImplementedError("tf.norm(ord=2) over two axes (a matrix's spectral norm) is not supported "
                                      "by GraphLens")
    else:
        if not (isinstance(axis, _pyint) or axis is None):
            raise ValueError("'axis' must be None, an integer, or a tuple of 2 unique integers, got %s" % (axis,))
        if ord not in ["euclidean", 1, 2, inf] and (isinstance(ord, str) or ord <= 0):
            raise ValueError("'ord' must be a supported vector norm, got %s" % (ord,))
        if axis is not None:
            axis = (axis,)
    with name_scope(name, "norm"):
        t = convert_to_tensor(tensor)
        sum_axis = None if axis is None else list(axis)
        if ord in ("fro", "euclidean", 2, 2.0):
            result = sqrt(reduce_sum(t * t, sum_axis, True))
        else:
            result = abs(t)
            if ord == 1:
                result = reduce_sum(result, None if axis is None else axis[0], True)
                if is_matrix_norm:
                    result = reduce_max(result, axis[-1], True)
            elif ord == inf:
                if is_matrix_norm:
                    result = reduce_sum(result, axis[1], True)
                result = reduce_max(result, None if axis is None else axis[0], True)
            else:
                result = pow(reduce_sum(pow(result, ord), sum_axis, True), 1.0 / ord)
        if not keepdims:
            result = squeeze(result, None if axis is None else list(axis))
        return result


def linspace(start, stop, num, name=None, axis=0):
    # as TF's math_ops.linspace_nd: start and stop broadcast together, num points along `axis`
    # (start + delta * k between the exact endpoints, then sliced to num: 0 and 1 included)
    with name_scope(name, "linspace"):
        start = convert_to_tensor(start, name="start")
        stop = convert_to_tensor(stop, name="stop", dtype=start.dtype)
        num_int = convert_to_tensor(_wrap_int32(_pyint(num)) if not is_tensor(num) else num, int32, name="num")
        # TF's convert_to_int_tensor casts even an int32 (a Cast node), then linspace casts num to
        # start's dtype and never uses it
        num_int = _op("Cast", [num_int], {"DstT": int32, "Truncate": False})
        cast(num_int, start.dtype)
        broadcast_shape = _op("BroadcastArgs", [shape(start), shape(stop)], None, "")
        start = broadcast_to(start, broadcast_shape)
        stop = broadcast_to(stop, broadcast_shape)
        expanded_start = expand_dims(start, axis)
        expanded_stop = expand_dims(stop, axis)
        shp = shape(expanded_start)
        ndims = shape(shp)[0]
        axis = where(axis >= 0, axis, ndims + axis)
        num_fill = maximum(num_int - 2, 0)
        n_steps = maximum(num_int - 1, 1)
        delta = (expanded_stop - expanded_start) / cast(n_steps, expanded_stop.dtype)
        expanded_start = cast(expanded_start, delta.dtype)
        expanded_stop = cast(expanded_stop, delta.dtype)
        range_end = where(num_int >= 0, n_steps, -1)
        desired_range = cast(range(1, range_end, dtype=int64), delta.dtype)
        mask = equal(axis, range(ndims))
        desired_range = reshape(desired_range, where(mask, num_fill, 1))
        res = expanded_start + delta * desired_range
        concatenated = concat([expanded_start, res, expanded_stop], axis=axis)
        begin = zeros_like(shp)
        size_ = concat([shp[0:axis], reshape(num_int, [1]), shp[axis + 1:]], 0)
        return slice(concatenated, begin, size_)


# tf.sort / tf.argsort as TF's sort_ops builds them: top_k along the last axis (the sort axis
# transposed there), ascending order by sorting negated values (-x - 1 for signed integers,
# max - x for unsigned), inside a "sort" / "argsort" name scope.
import collections as _collections

_UniqueResult = _collections.namedtuple("Unique", ["y", "idx"])


def _descending_sort(values, axis, return_argsort):
    k = shape(values)[axis]
    rank(values)  # TF makes it (a Const "Rank" when the rank is known) whether or not it is used
    static_rank = _core.shape_of(values)
    static_rank = None if static_rank is None else len(static_rank)
    if axis == -1 or axis + 1 == static_rank:
        transposition = None
        top_k_input = values
    else:
        if static_rank is None:
            raise NotImplementedError("tf.sort along an axis of a tensor of unknown rank is not supported by GraphLens")
        if axis < 0:
            axis += static_rank
        perm = list(_pyrange(axis)) + [static_rank - 1] + list(_pyrange(axis + 1, static_rank - 1)) + [axis]
        transposition = _named_graph_const(perm, int64, "transposition") if _core.tracing() else constant(perm, int64)
        top_k_input = transpose(values, transposition)
    sorted_values, indices = nn.top_k(top_k_input, k)
    out = indices if return_argsort else sorted_values
    if transposition is not None:
        out = transpose(out, transposition)
    return out


def _sort_or_argsort(values, axis, direction, return_argsort):
    if direction not in ("ASCENDING", "DESCENDING"):
        raise ValueError("Argument `direction` should be one of ASCENDING, DESCENDING. Received: direction=%s"
                         % (direction,))
    if not isinstance(axis, int):
        if not is_tensor(axis) or _core.tracing() or _rank(axis) != 0:
            raise ValueError("Argument `axis` must be a constant scalar. Received: axis=%s." % (axis,))
        axis = _pyint(axis.numpy())
    elif _core.tracing():
        _named_graph_const(axis, int32, "axis")  # TF's convert_to_tensor(axis, name='axis'), unused
    values = convert_to_tensor(values, name="values")
    if direction == "DESCENDING":
        return _descending_sort(values, axis, return_argsort)
    dt = values.dtype
    if dt.is_unsigned:
        out = _descending_sort(dt.max - values, axis, return_argsort)
        return out if return_argsort else dt.max - out
    if dt.is_integer:
        out = _descending_sort(-values - 1, axis, return_argsort)
        return out if return_argsort else -out - 1
    out = _descending_sort(-values, axis, return_argsort)
    return out if return_argsort else -out


def sort(values, axis=-1, direction="ASCENDING", name=None):
    with name_scope(name, "sort"):
        return _sort_or_argsort(values, axis, direction, False)


def argsort(values, axis=-1, direction="ASCENDING", stable=False, name=None):
    with name_scope(name, "argsort"):
        return _sort_or_argsort(values, axis, direction, True)


def unique(x, out_idx=None, name=None):
    y, idx = _op("Unique", [x], {"out_idx": int32 if out_idx is None else as_dtype(out_idx)}, name, True)
    return _UniqueResult(y, idx)


def einsum(equation, *inputs, **kw):
    # TF's _einsum_v2 for one or two operands: the equation resolved (an implicit output written
    # out: the ellipsis, then the labels that appear once, sorted) and one Einsum op, in an
    # "einsum" name scope
    name = kw.get("name")
    eq = equation.replace(" ", "")
    if "->" in eq:
        lhs, out = eq.split("->")
    else:
        lhs, out = eq, None
    specs = lhs.split(",")
    if len(specs) != len(inputs):
        raise ValueError("Expected %d inputs but got %d" % (len(specs), len(inputs)))
    if len(specs) > 2:
        raise NotImplementedError("tf.einsum: %r (more than two operands) is not supported by GraphLens" % equation)
    with name_scope(name, "einsum"):
        xs = [_t(x) for x in inputs]
        if len(xs) == 2 and xs[0].dtype != xs[1].dtype:
            xs[1] = _t(xs[1], xs[0].dtype)
        for spec in specs:
            # a rank that does not fit is the op's error (InvalidArgumentError eagerly)
            plain = spec.replace("...", "")
            if len(set(plain)) != len(plain):
                raise NotImplementedError("tf.einsum: repeated labels in one operand (%r) are not supported by GraphLens"
                                          % spec)
        if out is None:
            counts = {}
            for spec in specs:
                for c in spec.replace("...", ""):
                    counts[c] = counts.get(c, 0) + 1
            out = ("..." if "..." in lhs else "") + "".join(sorted(c for c, n in counts.items() if n == 1))
        for c in out.replace("...", ""):
            if c not in lhs:
                raise ValueError("Output subscript %r does not appear in the inputs of %r" % (c, equation))
        return _op("Einsum", [xs], {"equation": lhs + "->" + out})


def eye(num_rows, num_columns=None, batch_shape=None, dtype=float32, name=None):
    m = num_rows if num_columns is None else num_columns
    if isinstance(num_rows, int) and isinstance(m, int) and num_rows > 0 and m > 0 \
            and num_rows * m > 9223372036854775807:
        # TF builds it with MatrixDiagV3, whose output shape overflows int64.
        _core.raise_error("InvalidArgumentError",
                          "{{function_node __wrapped__MatrixDiagV3_device_/job:localhost/replica:0/task:0/device:CPU:0}} "
                          "Encountered overflow when multiplying %d with %d, result: -1 [Op:MatrixDiagV3] name: diag"
                          % (num_rows, m))
    # Row i is one-hot at column i (rows past the last column stay zero): one kernel, not a
    # Python list of n*m numbers.
    dtype = as_dtype(dtype)
    if dtype == bool:
        r = one_hot(range(num_rows), m, on_value=True, off_value=False, dtype=dtype)
    else:
        r = one_hot(range(num_rows), m, dtype=dtype)
    if batch_shape is not None:
        bs = list(batch_shape)
        r = tile(reshape(r, [1] * len(bs) + [num_rows, m]), bs + [1, 1])
    return r


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    a = _t(a)
    r = _rank(a)
    perm = list(_pyrange(r - 2)) + [r - 1, r - 2]
    t = transpose(a, perm)
    return conj(t) if conjugate and a.dtype.is_complex else t


def adjoint(matrix, name=None):
    return matrix_transpose(matrix, conjugate=True)


