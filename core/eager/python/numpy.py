# The numpy subset of GraphLens: the Python half of the `numpy` module (the native half is `_np`,
# core/eager/module_register.cpp and numpy_classes.cpp). Arrays are tensors; kernels do the math.
_pybool = bool
_pyabs = abs
_pyround = round
_pysum = sum
_pymax = max
_pymin = min
_pyall = all
_pyany = any
_pyrange = range
_pyslice = slice
_pyint = int
_pyfloat = float

_x = _np.x
ndarray = _np.ndarray
generic = _np.generic
number = _np.number
integer = _np.integer
signedinteger = _np.signedinteger
unsignedinteger = _np.unsignedinteger
floating = _np.floating
dtype = _np.dtype
int8 = _np.int8
int16 = _np.int16
int32 = _np.int32
int64 = _np.int64
uint8 = _np.uint8
uint16 = _np.uint16
uint32 = _np.uint32
uint64 = _np.uint64
float16 = _np.float16
float32 = _np.float32
float64 = _np.float64
bfloat16 = _np.bfloat16
complexfloating = _np.complexfloating
complex64 = _np.complex64
complex128 = _np.complex128
bool_ = _np.bool_
bytes_ = _np.bytes_
newaxis = None
pi = 3.141592653589793
e = 2.718281828459045
inf = float("inf")
nan = float("nan")
__version__ = "2.4.0"


class _Namespace:
    pass


def _is_arr(a):
    return _np.is_array(a)


def asarray(a, dtype=None):
    if _np.is_array(a) and not _np.is_scalar(a) and dtype is None:
        return a
    if hasattr(a, "__array__") and not _np.is_array(a) and not isinstance(a, (list, tuple)):
        a = a.__array__()
    return _np.array(a, dtype, False)


def array(obj, dtype=None, copy=True, ndmin=0):
    if not _np.is_array(obj) and not isinstance(obj, (list, tuple, int, float, str, bytes)) and hasattr(obj, "__array__"):
        obj = obj.__array__()
    r = _np.array(obj, dtype, copy)
    while r.ndim < ndmin:
        r = r.reshape((1,) + r.shape)
    return r


asanyarray = asarray
ascontiguousarray = asarray


def _shape_list(shape):
    if isinstance(shape, (list, tuple)):
        return [_pyint(s) for s in shape]
    return [_pyint(shape)]


def _default(dtype, d):
    return d if dtype is None else dtype


def zeros(shape, dtype=None):
    return _np.cast(_np.reshape(_np.array([0] * _prod(_shape_list(shape)), "float64"), _shape_list(shape)), _default(dtype, "float64"), False)


def ones(shape, dtype=None):
    return _np.cast(_np.reshape(_np.array([1] * _prod(_shape_list(shape)), "float64"), _shape_list(shape)), _default(dtype, "float64"), False)


def full(shape, fill_value, dtype=None):
    fv = asarray(fill_value)
    dt = fv.dtype if dtype is None else dtype
    n = _prod(_shape_list(shape))
    return _np.reshape(_np.array([fill_value] * n, dt), _shape_list(shape))


def empty(shape, dtype=None):
    return zeros(shape, dtype)


def zeros_like(a, dtype=None):
    a = asarray(a)
    return zeros(a.shape, a.dtype if dtype is None else dtype)


def ones_like(a, dtype=None):
    a = asarray(a)
    return ones(a.shape, a.dtype if dtype is None else dtype)


def full_like(a, fill_value, dtype=None):
    a = asarray(a)
    return full(a.shape, fill_value, a.dtype if dtype is None else dtype)


def _prod(lst):
    p = 1
    for v in lst:
        p *= v
    return p


def arange(start, stop=None, step=None, dtype=None):
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    isfloat = isinstance(start, _pyfloat) or isinstance(stop, _pyfloat) or isinstance(step, _pyfloat)
    if _np.is_array(start) or _np.is_array(stop) or _np.is_array(step):
        isfloat = isfloat or "float" in str(asarray(start).dtype) or "float" in str(asarray(stop).dtype) or "float" in str(asarray(step).dtype)
        start, stop, step = start.item() if _np.is_array(start) else start, stop.item() if _np.is_array(stop) else stop, step.item() if _np.is_array(step) else step
    import math as _m
    n = _pyint(_m.ceil((stop - start) / step))
    if n < 0:
        n = 0
    if isfloat:
        vals = [start + i * step for i in _pyrange(n)]
        r = _np.array(vals, "float64")
    else:
        r = _np.array(list(_pyrange(start, stop, step)), "int64")
    if r.ndim == 0 or n == 0:
        r = _np.reshape(_np.array([], "float64" if isfloat else "int64"), [0])
    if dtype is not None:
        r = _np.cast(r, dtype, False)
    return r


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None):
    num = _pyint(num)
    div = (num - 1) if endpoint else num
    start = _pyfloat(start)
    stop = _pyfloat(stop)
    delta = stop - start
    if div > 0:
        step = delta / div
        vals = [i * step + start for i in _pyrange(num)]
    else:
        step = nan
        vals = [i * delta + start for i in _pyrange(num)]
    if endpoint and num > 1:
        vals[-1] = stop
    r = _np.array(vals, "float64")
    if num == 0:
        r = _np.reshape(_np.array([], "float64"), [0])
    if dtype is not None:
        r = _np.cast(r, dtype, False)
    if retstep:
        return r, step
    return r


def eye(n, m=None, dtype=None):
    m = n if m is None else m
    vals = [[1.0 if i == j else 0.0 for j in _pyrange(m)] for i in _pyrange(n)]
    return _np.array(vals, _default(dtype, "float64"))


identity = eye


def dtype_new(spec):
    return _np.dtype_obj(spec)


def _dtype_new(cls, spec=None, *args, **kw):
    if spec is None:
        spec = "float64"
    return _np.dtype_obj(spec)


def _scalar_new(cls, value=0, *args):
    return _np.scalar(value, cls)


# ----- shapes ---------------------------------------------------------------------------------

def reshape(a, newshape, order="C"):
    return _np.reshape(asarray(a), _shape_list(newshape))


def _m_reshape(self, *shape, **kw):
    if "shape" in kw:
        shape = (kw["shape"],)
    if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
        shape = shape[0]
    return _np.reshape(self, list(shape))


def transpose(a, axes=None):
    a = asarray(a)
    if a.ndim < 2 and axes is None:
        return a
    if axes is None:
        axes = list(_pyrange(a.ndim))[::-1]
    return _x("Transpose", [a, _np.array(list(axes), "int32")], None, False)


def _m_transpose(self, *axes):
    if len(axes) == 1 and isinstance(axes[0], (list, tuple)):
        axes = axes[0]
    return transpose(self, list(axes) if axes else None)


def swapaxes(a, a1, a2):
    a = asarray(a)
    p = list(_pyrange(a.ndim))
    p[a1], p[a2] = p[a2], p[a1]
    return transpose(a, p)


_m_swapaxes = swapaxes


def expand_dims(a, axis):
    a = asarray(a)
    s = list(a.shape)
    if axis < 0:
        axis += len(s) + 1
    s.insert(axis, 1)
    return _np.reshape(a, s)


def squeeze(a, axis=None):
    a = asarray(a)
    s = list(a.shape)
    if axis is None:
        s = [d for d in s if d != 1]
    else:
        axes = [axis] if isinstance(axis, _pyint) else list(axis)
        axes = [x + len(s) if x < 0 else x for x in axes]
        s = [d for i, d in enumerate(s) if i not in axes]
    r = _np.reshape(a, s)
    return r


_m_squeeze = squeeze


def ravel(a):
    return _np.reshape(asarray(a), [-1])


def _m_flatten(self):
    return _np.reshape(self.copy(), [-1])


def _m_ravel(self):
    return _np.reshape(self, [-1])


def _m_copy(self):
    return _np.array(self, None, True) if not _np.is_scalar(self) else self


def _m___copy__(self):
    return _m_copy(self)


def _m___deepcopy__(self, memo=None):
    return _m_copy(self)


def copy(a):
    return _np.array(a, None, True)


def _m_view(self, *a):
    return self


def _m_astype(self, dtype, copy=True):
    return _np.cast(self, dtype)


def _m_tobytes(self):
    raise NotImplementedError("ndarray.tobytes is not supported by GraphLens")


def _m_fill(self, value):
    self[...] = value


def _m___contains__(self, v):
    return _pybool((self == v).any())


def concatenate(arrays, axis=0):
    arrs = [asarray(a) for a in arrays]
    if axis is None:
        arrs = [ravel(a) for a in arrs]
        axis = 0
    dt = arrs[0].dtype
    for a in arrs[1:]:
        dt = _np.promote(dt, a.dtype)
    arrs = [_np.cast(a, dt, False) for a in arrs]
    return _x("ConcatV2", [arrs, _np.array(axis, "int32")], None, False)


def stack(arrays, axis=0):
    arrs = [asarray(a) for a in arrays]
    dt = arrs[0].dtype
    for a in arrs[1:]:
        dt = _np.promote(dt, a.dtype)
    arrs = [_np.cast(a, dt, False) for a in arrs]
    return _x("Pack", [arrs], {"axis": axis}, False)


def vstack(arrays):
    arrs = [asarray(a) for a in arrays]
    arrs = [a.reshape(1, -1) if a.ndim == 1 else a for a in arrs]
    return concatenate(arrs, 0)


def hstack(arrays):
    arrs = [asarray(a) for a in arrays]
    return concatenate(arrs, 0 if arrs[0].ndim == 1 else 1)


def split(a, indices_or_sections, axis=0):
    a = asarray(a)
    n = a.shape[axis]
    if isinstance(indices_or_sections, _pyint):
        k = indices_or_sections
        if n % k:
            raise ValueError("array split does not result in an equal division")
        bounds = [i * (n // k) for i in _pyrange(k + 1)]
    else:
        bounds = [0] + list(indices_or_sections) + [n]
    out = []
    for i in _pyrange(len(bounds) - 1):
        key = [_pyslice(None)] * a.ndim
        key[axis] = _pyslice(bounds[i], bounds[i + 1])
        out.append(a[tuple(key)])
    return out


def tile(a, reps):
    a = asarray(a)
    reps = _shape_list(reps)
    while len(reps) < a.ndim:
        reps = [1] + reps
    while a.ndim < len(reps):
        a = expand_dims(a, 0)
    return _x("Tile", [a, _np.array(reps, "int32")], None, False)


def repeat(a, repeats, axis=None):
    a = asarray(a)
    if axis is None:
        a = ravel(a)
        axis = 0
    idx = []
    for i in _pyrange(a.shape[axis]):
        idx += [i] * repeats
    return take(a, idx, axis)


_m_repeat = repeat


def take(a, indices, axis=None):
    a = asarray(a)
    if axis is None:
        a = ravel(a)
        axis = 0
    return _x("GatherV2", [a, _np.array(indices, "int64"), _np.array(axis, "int32")], None, True)


_m_take = take


def broadcast_to(a, shape):
    return _x("BroadcastTo", [asarray(a), _np.array(_shape_list(shape), "int64")], None, False)


# ----- indexing -------------------------------------------------------------------------------

def _index_int(k):
    if isinstance(k, _pyint):
        return k
    return k.__index__()


def _slice_spec(key):
    """numpy/TF basic indexing -> StridedSlice (begin, end, strides, masks)."""
    if not isinstance(key, tuple):
        key = (key,)
    begin = []
    end = []
    strides = []
    bm = em = elm = nam = sam = 0
    for i, k in enumerate(key):
        bit = 1 << i
        if k is None:
            begin.append(0)
            end.append(0)
            strides.append(1)
            nam |= bit
        elif k is Ellipsis:
            begin.append(0)
            end.append(0)
            strides.append(1)
            elm |= bit
        elif isinstance(k, _pyslice):
            st = 1 if k.step is None else _index_int(k.step)
            if k.start is None:
                begin.append(0)
                bm |= bit
            else:
                begin.append(_index_int(k.start))
            if k.stop is None:
                end.append(0)
                em |= bit
            else:
                end.append(_index_int(k.stop))
            strides.append(st)
        else:
            j = _index_int(k)
            begin.append(j)
            end.append(j + 1 if j != -1 else 0)
            strides.append(1)
            sam |= bit
    return begin, end, strides, {"begin_mask": bm, "end_mask": em, "ellipsis_mask": elm,
                                 "new_axis_mask": nam, "shrink_axis_mask": sam}


def _is_advanced(k):
    return isinstance(k, list) or (_np.is_array(k) and not _np.is_scalar(k)) or _np.is_tensorlike(k)


def _getitem(self, key):
    if _is_advanced(key):
        k = asarray(key)
        if str(k.dtype) == "bool":
            if k.shape != self.shape:
                if k.ndim == 1 and k.shape[0] == self.shape[0]:
                    idx = [i for i, v in enumerate(k.tolist()) if v]
                    return take(self, idx, 0) if idx else _np.reshape(self, [0] + list(self.shape[1:]))
                raise IndexError("boolean index did not match indexed array")
            flat = ravel(self)
            idx = [i for i, v in enumerate(_np.flat_values(k)) if v]
            if not idx:
                return _np.reshape(_np.cast(_np.array([], "float64"), self.dtype, False), [0])
            return take(flat, idx, 0)
        n = self.shape[0]
        idx = [i + n if i < 0 else i for i in _np.flat_values(k)]
        for i in idx:
            if i < 0 or i >= n:
                raise IndexError("index %d is out of bounds for axis 0 with size %d" % (i if i >= 0 else i - n, n))
        r = take(self, idx, 0)
        return _np.reshape(r, list(k.shape) + list(self.shape[1:]))
    if isinstance(key, tuple):
        adv = [i for i, k in enumerate(key) if _is_advanced(k)]
        if adv:
            p = adv[0]
            basic = list(key)
            k = asarray(basic[p])
            basic[p] = _pyslice(None)
            r = self[tuple(basic)] if _pyany(not (isinstance(b, _pyslice) and b == _pyslice(None)) for b in basic) else self
            axis = p - _pysum(1 for b in key[:p] if not isinstance(b, _pyslice) and b is not None and b is not Ellipsis)
            n = r.shape[axis]
            idx = [i + n if i < 0 else i for i in _np.flat_values(k)]
            return take(r, idx, axis)
    if self.ndim == 0:
        if key is Ellipsis or key == ():
            return self
        raise IndexError("invalid index to scalar variable.")
    begin, end, strides, masks = _slice_spec(key)
    _check_bounds(self.shape, key)
    return _x("StridedSlice", [self, _np.array(begin, "int64"), _np.array(end, "int64"), _np.array(strides, "int64")], masks, True)


def _check_bounds(shape, key):
    if not isinstance(key, tuple):
        key = (key,)
    dim = 0
    for k in key:
        if k is Ellipsis:
            dim = len(shape) - (len([x for x in key if x is not None]) - 1 - dim)
            continue
        if k is None:
            continue
        if not isinstance(k, _pyslice):
            j = _index_int(k)
            if dim >= len(shape):
                raise IndexError("too many indices for array: array is %d-dimensional, but %d were indexed" % (len(shape), len([x for x in key if x is not None and x is not Ellipsis])))
            n = shape[dim]
            if j < -n or j >= n:
                raise IndexError("index %d is out of bounds for axis %d with size %d" % (j, dim, n))
        dim += 1


def _setitem(self, key, value):
    if _np.is_scalar(self):
        raise TypeError("'numpy.%s' object does not support item assignment" % type(self).__name__)
    n = self.size
    positions = _np.reshape(_np.array(list(_pyrange(n)), "int64"), list(self.shape)) if n else _np.reshape(_np.array([], "int64"), list(self.shape))
    sel = positions[key]
    sel = asarray(sel)
    v = asarray(value)
    if v.size != 1 and v.size != sel.size:
        v = broadcast_to(v, sel.shape)
    _np.scatter(self, sel, v)


# ----- math -----------------------------------------------------------------------------------

def _float_arg(a):
    a = asarray(a)
    k = str(a.dtype)
    if not k.startswith("float") and k != "bfloat16":
        a = _np.cast(a, "float64", False)
    return a


def _unary(op, a, floats=True):
    scalar = _np.is_scalar(a) or isinstance(a, (_pyint, _pyfloat))
    a = _float_arg(a) if floats else asarray(a)
    return _x(op, [a], None, True)


def sqrt(x):
    return _unary("Sqrt", x)


def exp(x):
    return _unary("Exp", x)


def log(x):
    return _unary("Log", x)


def log1p(x):
    return _unary("Log1p", x)


def tanh(x):
    return _unary("Tanh", x)


def sin(x):
    return _unary("Sin", x)


def cos(x):
    return _unary("Cos", x)


def floor(x):
    return _unary("Floor", x)


def ceil(x):
    return _unary("Ceil", x)


def square(x):
    return asarray(x) * asarray(x)


def abs(x):
    return _pyabs(asarray(x))


absolute = abs


def conjugate(x):
    return asarray(x).conjugate()


conj = conjugate


def real(x):
    return asarray(x).real


def imag(x):
    return asarray(x).imag


def iscomplexobj(x):
    return asarray(x).dtype.kind == "c"


def negative(x):
    return -asarray(x)


def sign(x):
    return _x("Sign", [asarray(x)], None, True)


def isnan(x):
    return _x("IsNan", [_float_arg(x)], None, True)


def isinf(x):
    return _x("IsInf", [_float_arg(x)], None, True)


def isfinite(x):
    return _x("IsFinite", [_float_arg(x)], None, True)


def add(a, b):
    return asarray(a) + b


def subtract(a, b):
    return asarray(a) - b


def multiply(a, b):
    return asarray(a) * b


def divide(a, b):
    return asarray(a) / b


true_divide = divide


def power(a, b):
    return asarray(a) ** b


def _binary_promoted(op, a, b):
    A = asarray(a) if not isinstance(a, (_pyint, _pyfloat, _pybool)) else a
    B = asarray(b) if not isinstance(b, (_pyint, _pyfloat, _pybool)) else b
    # promote through an arithmetic no-op to get numpy's result dtype
    if isinstance(A, (_pyint, _pyfloat, _pybool)):
        dt = (B + A).dtype if str(B.dtype) != "bool" else asarray(A).dtype
    elif isinstance(B, (_pyint, _pyfloat, _pybool)):
        dt = (A + B).dtype if str(A.dtype) != "bool" else asarray(B).dtype
    else:
        dt = _np.promote(A.dtype, B.dtype)
    return _x(op, [_np.cast(asarray(A), dt, False), _np.cast(asarray(B), dt, False)], None, True)


def maximum(a, b):
    return _binary_promoted("Maximum", a, b)


def minimum(a, b):
    return _binary_promoted("Minimum", a, b)


def _tri_mask(a, k, lower):
    if a.ndim < 2:
        raise ValueError("input array must be at least 2-d")
    rows, cols = a.shape[-2], a.shape[-1]
    offset = arange(cols)[None, :] - arange(rows)[:, None]
    return offset <= k if lower else offset >= k


def tril(m, k=0):
    a = asarray(m)
    return where(_tri_mask(a, k, True), a, zeros((), a.dtype))


def triu(m, k=0):
    a = asarray(m)
    return where(_tri_mask(a, k, False), a, zeros((), a.dtype))


def where(cond, x=None, y=None):
    c = _np.cast(asarray(cond), "bool", False)
    if x is None and y is None:
        return nonzero(c)
    X = asarray(x)
    Y = asarray(y)
    dt = _np.promote(X.dtype, Y.dtype)
    if isinstance(x, (_pyint, _pyfloat)) and not isinstance(y, (_pyint, _pyfloat)):
        dt = (Y + x).dtype
    elif isinstance(y, (_pyint, _pyfloat)) and not isinstance(x, (_pyint, _pyfloat)):
        dt = (X + y).dtype
    X = _np.cast(X, dt, False)
    Y = _np.cast(Y, dt, False)
    shape = (c + _np.cast(X, "bool", False) + _np.cast(Y, "bool", False)).shape if True else None
    return _x("SelectV2", [c, X, Y], None, True)


def nonzero(a):
    a = asarray(a)
    flat = _np.flat_values(a)
    coords = [[] for _ in _pyrange(_pymax(a.ndim, 1))]
    shape = list(a.shape)
    for i, v in enumerate(flat):
        if v:
            rem = i
            for d in _pyrange(len(shape) - 1, -1, -1):
                coords[d].append(rem % shape[d])
                rem //= shape[d]
    return tuple(_np.reshape(_np.array(c, "int64"), [len(c)]) for c in coords)


_m_nonzero = nonzero


def clip(a, a_min, a_max):
    r = asarray(a)
    if a_min is not None:
        r = maximum(r, a_min)
    if a_max is not None:
        r = minimum(r, a_max)
    return r


_m_clip = clip


def dot(a, b):
    A = asarray(a)
    B = asarray(b)
    if A.ndim == 0 or B.ndim == 0:
        return A * B
    return A @ B


_m_dot = dot


def matmul(a, b):
    return asarray(a) @ asarray(b)


def outer(a, b):
    return ravel(a).reshape(-1, 1) * ravel(b).reshape(1, -1)


def round(a, decimals=0):
    return _np.round(a, decimals)


around = round


def _m_round(self, decimals=0):
    return _np.round(self, decimals)


def _m___round__(self, ndigits=None):
    if ndigits is None:
        return _pyround(self.item())
    return _np.round(self, ndigits)


# ----- reductions -----------------------------------------------------------------------------

def _axes(a, axis):
    if axis is None:
        return list(_pyrange(a.ndim))
    if isinstance(axis, (list, tuple)):
        return [_pyint(x) for x in axis]
    return [_pyint(axis)]


def _check_axes(a, axes):
    for ax in axes:
        if ax >= a.ndim or ax < -a.ndim:
            raise AxisError("axis %d is out of bounds for array of dimension %d" % (ax, a.ndim))


class AxisError(ValueError, IndexError):
    pass


def _reduce(op, a, axis, keepdims, dtype=None):
    a = asarray(a)
    axes = _axes(a, axis)
    _check_axes(a, axes)
    if dtype is not None:
        a = _np.cast(a, dtype, False)
    if op in ("Sum", "Mean") and str(a.dtype) in ("float32", "float64"):
        # numpy adds floats in its own (pairwise) order, not TF's
        axes = [ax % a.ndim for ax in axes]
        if len(set(axes)) != len(axes):
            raise ValueError("duplicate value in 'axis'")
        total = _np.float_sum(a, axes, _pybool(keepdims))
        if op == "Sum":
            return total
        count = 1
        for ax in set(axes):
            count *= a.shape[ax]
        return total / a.dtype.type(count)
    return _x(op, [a, _np.array(axes, "int32")], {"keep_dims": _pybool(keepdims)}, True)


def _int_acc(a):
    k = str(a.dtype)
    if k == "bool" or k in ("int8", "int16", "int32"):
        return "int64"
    if k in ("uint8", "uint16", "uint32"):
        return "uint64"
    return None


def sum(a, axis=None, dtype=None, keepdims=False, **kw):
    a = asarray(a)
    return _reduce("Sum", a, axis, keepdims, dtype or _int_acc(a))


def prod(a, axis=None, dtype=None, keepdims=False, **kw):
    a = asarray(a)
    return _reduce("Prod", a, axis, keepdims, dtype or _int_acc(a))


def mean(a, axis=None, dtype=None, keepdims=False, **kw):
    a = asarray(a)
    if dtype is None:
        k = str(a.dtype)
        dtype = None if k.startswith("float") else "float64"
    if a.size == 0:
        return nan
    return _reduce("Mean", a, axis, keepdims, dtype)


def max(a, axis=None, keepdims=False, **kw):
    a = asarray(a)
    if a.size == 0:
        raise ValueError("zero-size array to reduction operation maximum which has no identity")
    return _reduce("Any" if a.dtype == bool_ else "Max", a, axis, keepdims)


def min(a, axis=None, keepdims=False, **kw):
    a = asarray(a)
    if a.size == 0:
        raise ValueError("zero-size array to reduction operation minimum which has no identity")
    return _reduce("All" if a.dtype == bool_ else "Min", a, axis, keepdims)


amax = max
amin = min


def all(a, axis=None, keepdims=False):
    return _reduce("All", _np.cast(asarray(a), "bool", False), axis, keepdims)


def any(a, axis=None, keepdims=False):
    return _reduce("Any", _np.cast(asarray(a), "bool", False), axis, keepdims)


def _arg(op, a, axis, keepdims=False):
    a = asarray(a)
    if axis is None:
        a = ravel(a)
        axis = 0
    r = _x(op, [a, _np.array(axis, "int32")], {"output_type": "int64"}, True)
    return r


def argmax(a, axis=None, keepdims=False):
    return _arg("ArgMax", a, axis)


def argmin(a, axis=None, keepdims=False):
    return _arg("ArgMin", a, axis)


def var(a, axis=None, dtype=None, ddof=0, keepdims=False):
    a = _float_arg(a)
    m = mean(a, axis, keepdims=True)
    d = a - m
    sq = d * d
    axes = _axes(a, axis)
    n = 1
    for ax in axes:
        n *= a.shape[ax]
    return sum(sq, axis, keepdims=keepdims) / (n - ddof)


def std(a, axis=None, dtype=None, ddof=0, keepdims=False):
    return sqrt(var(a, axis, dtype, ddof, keepdims))


def cumsum(a, axis=None):
    a = asarray(a)
    if axis is None:
        a = ravel(a)
        axis = 0
    acc = _int_acc(a)
    if acc:
        a = _np.cast(a, acc, False)
    return _x("Cumsum", [a, _np.array(axis, "int32")], None, False)


def _m_sum(self, axis=None, dtype=None, keepdims=False, **kw):
    return sum(self, axis, dtype, keepdims)


def _m_prod(self, axis=None, dtype=None, keepdims=False, **kw):
    return prod(self, axis, dtype, keepdims)


def _m_mean(self, axis=None, dtype=None, keepdims=False, **kw):
    return mean(self, axis, dtype, keepdims)


def _m_max(self, axis=None, keepdims=False, **kw):
    return max(self, axis, keepdims)


def _m_min(self, axis=None, keepdims=False, **kw):
    return min(self, axis, keepdims)


def _m_all(self, axis=None, keepdims=False):
    return all(self, axis, keepdims)


def _m_any(self, axis=None, keepdims=False):
    return any(self, axis, keepdims)


def _m_argmax(self, axis=None, **kw):
    return argmax(self, axis)


def _m_argmin(self, axis=None, **kw):
    return argmin(self, axis)


def _m_std(self, axis=None, dtype=None, ddof=0, keepdims=False):
    return std(self, axis, dtype, ddof, keepdims)


def _m_var(self, axis=None, dtype=None, ddof=0, keepdims=False):
    return var(self, axis, dtype, ddof, keepdims)


def _m_cumsum(self, axis=None):
    return cumsum(self, axis)


def sort(a, axis=-1):
    a = asarray(a)
    if a.ndim == 1:
        vals = sorted(a.tolist())
        return _np.array(vals, a.dtype)
    raise NotImplementedError("np.sort: only 1-D arrays are supported by GraphLens")


def argsort(a, axis=-1):
    a = asarray(a)
    vals = a.tolist()
    return _np.array(sorted(_pyrange(len(vals)), key=lambda i: vals[i]), "int64")


def _m_sort(self, axis=-1):
    r = sort(self, axis)
    self[...] = r


def _m_argsort(self, axis=-1):
    return argsort(self, axis)


def unique(a):
    a = asarray(a)
    return _np.array(sorted(set(_np.flat_values(a))), a.dtype)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    A = asarray(a)
    B = asarray(b)
    if not str(A.dtype).startswith("float"):
        A = _np.cast(A, "float64", False)
    if not str(B.dtype).startswith("float"):
        B = _np.cast(B, "float64", False)
    r = _pyabs(A - B) <= atol + rtol * _pyabs(B)
    if equal_nan:
        r = r | (isnan(A) & isnan(B))
    return r


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return _pybool(all(isclose(a, b, rtol, atol, equal_nan)))


def array_equal(a1, a2):
    A = asarray(a1)
    B = asarray(a2)
    if A.shape != B.shape:
        return False
    return _pybool(all(A == B))


def shape(a):
    return asarray(a).shape


def ndim(a):
    return asarray(a).ndim


def size(a):
    return asarray(a).size


def result_type(*args):
    dt = asarray(args[0]).dtype
    for a in args[1:]:
        dt = _np.promote(dt, asarray(a).dtype)
    return dt


def can_cast(a, b):
    return True


def issubdtype(a, b):
    da = dtype_new(a) if not isinstance(a, type(float32)) else a
    if b is floating:
        return str(da).startswith("float")
    if b is integer:
        return str(da).startswith("int") or str(da).startswith("uint")
    return dtype_new(a) == dtype_new(b)


def isscalar(x):
    return isinstance(x, (_pyint, _pyfloat, _pybool, str, bytes)) or _np.is_scalar(x)


def float_(x=0.0):
    return float64(x)


def set_printoptions(**kw):
    pass


# ----- random ---------------------------------------------------------------------------------

def _size(size):
    if size is None:
        return None
    return _shape_list(size)


def _rnd_seed(seed=None):
    _np.rnd("seed", seed)


def _rnd_rand(*shape):
    return _np.rnd("rand", list(shape) if shape else None)


def _rnd_randn(*shape):
    return _np.rnd("randn", list(shape) if shape else None)


def _rnd_random(size=None):
    return _np.rnd("rand", _size(size))


def _rnd_uniform(low=0.0, high=1.0, size=None):
    return _np.rnd("uniform", _size(size), low, high)


def _rnd_normal(loc=0.0, scale=1.0, size=None):
    return _np.rnd("normal", _size(size), loc, scale)


def _rnd_randint(low, high=None, size=None, dtype=None):
    if high is None:
        low, high = 0, low
    return _np.rnd("randint", _size(size), low, high, dtype)


def _rnd_permutation(x):
    if isinstance(x, _pyint) or (_np.is_scalar(x)):
        return _np.rnd("permutation", _pyint(x))
    a = asarray(x)
    idx = _np.rnd("permutation", len(a))
    return take(a, idx, 0)


def _rnd_shuffle(x):
    if isinstance(x, list):
        idx = _np.rnd("shuffle_index", len(x)).tolist()
        items = list(x)
        for i, j in enumerate(idx):
            x[i] = items[j]
        return None
    idx = _np.rnd("shuffle_index", len(x))
    r = take(x, idx, 0)
    x[...] = r
    return None


def _rnd_choice(a, size=None, replace=True, p=None):
    if p is not None:
        raise NotImplementedError("np.random.choice with p= is not supported by GraphLens")
    pop = a if isinstance(a, _pyint) else len(a)
    idx = _np.rnd("choice", _size(size), pop, replace)
    if isinstance(a, _pyint):
        return idx
    return take(asarray(a), idx, 0)


random = _Namespace()
random.seed = _rnd_seed
random.rand = _rnd_rand
random.randn = _rnd_randn
random.random = _rnd_random
random.random_sample = _rnd_random
random.sample = _rnd_random
random.uniform = _rnd_uniform
random.normal = _rnd_normal
random.randint = _rnd_randint
random.permutation = _rnd_permutation
random.shuffle = _rnd_shuffle
random.choice = _rnd_choice
random.standard_normal = lambda size=None: _np.rnd("randn", _size(size))

class RandomState:
    # Its own MT19937 state, swapped with the global one around each draw.
    def __init__(self, seed=None):
        self._h = _np.rnd_state_new(seed)

    def _run(self, f, *a, **k):
        _np.rnd_state_swap(self._h)
        try:
            return f(*a, **k)
        finally:
            _np.rnd_state_swap(self._h)

    def seed(self, seed=None):
        return self._run(_rnd_seed, seed)

    def rand(self, *shape):
        return self._run(_rnd_rand, *shape)

    def randn(self, *shape):
        return self._run(_rnd_randn, *shape)

    def random_sample(self, size=None):
        return self._run(_rnd_random, size)

    random = random_sample

    def uniform(self, low=0.0, high=1.0, size=None):
        return self._run(_rnd_uniform, low, high, size)

    def normal(self, loc=0.0, scale=1.0, size=None):
        return self._run(_rnd_normal, loc, scale, size)

    def randint(self, low, high=None, size=None, dtype=None):
        return self._run(_rnd_randint, low, high, size, dtype)

    def permutation(self, x):
        return self._run(_rnd_permutation, x)

    def shuffle(self, x):
        return self._run(_rnd_shuffle, x)

    def choice(self, a, size=None, replace=True, p=None):
        return self._run(_rnd_choice, a, size, replace, p)

    def standard_normal(self, size=None):
        return self._run(random.standard_normal, size)


random.RandomState = RandomState


class Generator:
    # numpy's Generator over PCG64 (np.random.default_rng), bit for bit with numpy 2.x (normal draws
    # on numpy's ziggurat; exponential/gamma not here yet).
    def __init__(self, seed=None):
        self._h = _np.pcg_new(seed)

    def random(self, size=None, dtype=None, out=None):
        f32 = dtype is not None and dtype in (float32, "float32", "f", "f4")
        if dtype is not None and not f32 and dtype not in (float64, "float64", "d", "f8", _pyfloat):
            raise TypeError("Unsupported dtype %r for random" % (_np.dtype(dtype),))
        if size is None:
            return _pyfloat(_np.pcg_random(self._h, None, f32))  # numpy gives a Python float here
        return _np.pcg_random(self._h, _size(size), f32)

    def integers(self, low, high=None, size=None, dtype=None, endpoint=False):
        if high is None:
            low, high = 0, low
        low, high = _pyint(low), _pyint(high)
        if endpoint:
            high += 1
        is32 = dtype is not None and dtype in (int32, "int32", "i4")
        if dtype is not None and not is32 and dtype not in (int64, "int64", "i8", _pyint):
            raise NotImplementedError("Generator.integers(dtype=...) other than int32/int64 is not supported by GraphLens")
        if high <= low:
            raise ValueError("low >= high" if not endpoint else "low > high")
        return _np.pcg_integers(self._h, low, high, _size(size), is32)

    def uniform(self, low=0.0, high=1.0, size=None):
        u = _np.pcg_random(self._h, _size(size))
        if size is None:
            return _pyfloat(low + (high - low) * _pyfloat(u))
        return low + (high - low) * u

    def permutation(self, x):
        if isinstance(x, _pyint) or _np.is_scalar(x):
            return _np.pcg_shuffled(self._h, _pyint(x))
        a = asarray(x)
        return take(a, _np.pcg_shuffled(self._h, len(a)), 0)

    def shuffle(self, x):
        idx = _np.pcg_shuffled(self._h, len(x))
        if isinstance(x, list):
            items = list(x)
            for i, j in enumerate(idx.tolist()):
                x[i] = items[j]
            return None
        x[...] = take(x, idx, 0)
        return None

    def choice(self, a, size=None, replace=True, p=None, axis=0, shuffle=True):
        if p is not None:
            raise NotImplementedError("Generator.choice with p= is not supported by GraphLens")
        pop = _pyint(a) if isinstance(a, _pyint) or _np.is_scalar(a) else len(a)
        if pop == 0 and (size is None or _size(size) != [0]):
            raise ValueError("a cannot be empty unless no samples are taken")
        if replace:
            idx = _np.pcg_integers(self._h, 0, pop, _size(size), False) if pop > 0 else \
                _np.pcg_random(self._h, [0]).astype("int64")
        else:
            count = 1 if size is None else int(prod(_size(size)))
            if count > pop:
                raise ValueError("Cannot take a larger sample than population when replace is False")
            idx = _np.pcg_sample(self._h, pop, count, shuffle)
            idx = idx[0] if size is None else idx.reshape(_size(size))
        if isinstance(a, _pyint) or _np.is_scalar(a):
            return _pyint(idx) if size is None else idx  # numpy gives a Python int for one draw
        return take(asarray(a), idx, 0)

    def standard_normal(self, size=None, dtype=None, out=None):
        if dtype is not None and dtype not in (float64, "float64", "d"):
            raise NotImplementedError("Generator.standard_normal(dtype=...) other than float64 is not supported "
                                      "by GraphLens")
        if size is None:
            return _pyfloat(_np.pcg_normal(self._h, None))
        return _np.pcg_normal(self._h, _size(size))

    def normal(self, loc=0.0, scale=1.0, size=None):
        if _is_arr(loc) or _is_arr(scale) or isinstance(loc, (list, tuple)) or isinstance(scale, (list, tuple)):
            loc, scale = asarray(loc, float64), asarray(scale, float64)
            if (scale < 0).any():
                raise ValueError("scale < 0")
            shape = (loc + scale).shape if size is None else _size(size)
            return loc + scale * _np.pcg_normal(self._h, list(shape))
        if scale < 0:
            raise ValueError("scale < 0")
        if size is None:
            return _pyfloat(loc + scale * _pyfloat(_np.pcg_normal(self._h, None)))
        return _pyfloat(loc) + _pyfloat(scale) * _np.pcg_normal(self._h, _size(size))


def default_rng(seed=None):
    if isinstance(seed, Generator):
        return seed
    return Generator(seed)


random.Generator = Generator
random.default_rng = default_rng

linalg = _Namespace()
linalg.norm = lambda x, ord=None, axis=None: sqrt(sum(square(_float_arg(x)), axis))

bool = bool_
float = float64
int_ = int64
intp = int64
double = float64
single = float32
half = float16
object_ = object
str_ = str
