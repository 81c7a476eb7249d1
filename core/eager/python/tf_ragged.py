# tf.RaggedTensor and tf.ragged (run into the tensorflow module after tf_runtime.py): TF's
# row-partitioned values (row_splits per ragged dimension over flat values). Eager values print as
# TF prints them: RaggedTensor.numpy()'s arrays through numpy's array2string with TF's formatter.


# ----- numpy's array2string, as RaggedTensor.__repr__ uses it ------------------------------------
# An array for printing: a shape and its elements in row-major order, each either the text of a
# scalar (str() of a numpy scalar, as TF's formatter gives) or another _PrintArray (an element of
# a dtype=object array).
class _PrintArray:
    def __init__(self, shape, elems):
        self.shape = _pytuple(shape)
        self.elems = elems

    def size(self):
        return _prod(self.shape)

    def tolist_repr(self):
        def build(level, offset):
            if level == len(self.shape):
                e = self.elems[offset]
                return e.tolist_repr() if isinstance(e, _PrintArray) else e
            stride = _prod(self.shape[level + 1:])
            return "[" + ", ".join(build(level + 1, offset + i * stride) for i in _pyrange(self.shape[level])) + "]"
        return build(0, 0)


def _print_leaves(array):
    flat = array.reshape(-1)
    return [str(flat[i]) for i in _pyrange(flat.size)]


def _fmt_element(x):
    # TF's ragged _formatter: arrays through array2string(separator=", "), empty ones as tolist()
    if isinstance(x, _PrintArray):
        if x.size() != 0:
            return _array2string(x)
        return x.tolist_repr()
    return x


def _extend_line(s, line, word, width, prefix):
    if len(line) + len(word) > width and len(line) > len(prefix):
        s += line.rstrip() + "\n"
        line = prefix
    return s, line + word


def _extend_line_pretty(s, line, word, width, prefix):
    words = word.splitlines()
    if len(words) == 1:
        return _extend_line(s, line, word, width, prefix)
    longest = _pymax(len(w) for w in words)
    if len(line) + longest > width and len(line) > len(prefix):
        s += line.rstrip() + "\n"
        line = prefix + words[0]
        indent = prefix
    else:
        indent = " " * len(line)
        line += words[0]
    for w in words[1:]:
        s += line.rstrip() + "\n"
        line = indent + w
    return s, line + " " * (longest - len(words[-1]))


def _array2string(a, width=75, edge=3, threshold=1000):
    sep = ", "
    summary = "..." if a.size() > threshold else ""
    strides = []
    acc = 1
    for d in reversed(a.shape):
        strides.insert(0, acc)
        acc *= d

    def rec(level, offset, hang, cur):
        if level == len(a.shape):
            return _fmt_element(a.elems[offset])
        nxt_hang, nxt_w = hang + " ", cur - 1
        n = a.shape[level]
        show = summary and 2 * edge < n
        lead, trail = (edge, edge) if show else (0, n)
        at = lambda i: offset + (i if i >= 0 else n + i) * strides[level]  # noqa: E731
        s = ""
        if len(a.shape) - level == 1:
            ew = cur - _pymax(len(sep.rstrip()), 1)
            line = hang
            for i in _pyrange(lead):
                s, line = _extend_line_pretty(s, line, rec(level + 1, at(i), nxt_hang, nxt_w), ew, hang)
                line += sep
            if show:
                s, line = _extend_line(s, line, summary, ew, hang)
                line += sep
            for i in _pyrange(trail, 1, -1):
                s, line = _extend_line_pretty(s, line, rec(level + 1, at(-i), nxt_hang, nxt_w), ew, hang)
                line += sep
            s, line = _extend_line_pretty(s, line, rec(level + 1, at(-1), nxt_hang, nxt_w), ew, hang)
            s += line
        else:
            line_sep = sep.rstrip() + "\n" * (len(a.shape) - level - 1)
            for i in _pyrange(lead):
                s += hang + rec(level + 1, at(i), nxt_hang, nxt_w) + line_sep
            if show:
                s += hang + summary + line_sep
            for i in _pyrange(trail, 1, -1):
                s += hang + rec(level + 1, at(-i), nxt_hang, nxt_w) + line_sep
            s += hang + rec(level + 1, at(-1), nxt_hang, nxt_w)
        return "[" + s[len(hang):] + "]"
    return rec(0, 0, " ", width)


def _stack_rows(rows, inner_shape):
    # np.array(rows): rows of one length stack into one array (object rows into a 2-D object
    # array); otherwise a 1-D object array of the rows
    if rows and _pyall(r.shape[0] == rows[0].shape[0] for r in rows):
        elems = []
        for r in rows:
            elems += r.elems
        return _PrintArray((len(rows),) + rows[0].shape, elems)
    if not rows:
        return _PrintArray((0, 0) + _pytuple(inner_shape), [])
    return _PrintArray((len(rows),), rows)


# ----- RaggedTensor ----------------------------------------------------------------------------
def _as_splits(x, dtype=None):
    t = x if is_tensor(x) else constant(x, dtype or int64)
    if t.dtype not in (int32, int64):
        raise TypeError("Row-partitioning tensor must have dtype int32 or int64, got %s" % t.dtype.name)
    return t


class RaggedTensor:
    """Values partitioned into rows of varying length: `values[row_splits[i]:row_splits[i+1]]`."""

    def __init__(self, values, row_splits, uniform_row_length=None, internal=False):
        if not internal:
            raise ValueError("RaggedTensor constructor is private; please use one of the factory methods instead "
                             "(e.g., RaggedTensor.from_row_lengths())")
        self._values = values
        self._row_splits = row_splits
        self._uniform = uniform_row_length
        self._splits = None

    # -- factories
    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True):
        values = _ragged_or_tensor(values)
        row_splits = _as_splits(row_splits)
        if validate and not _core.is_symbolic(row_splits):
            s = _core.tolist(row_splits)
            if _rank(row_splits) != 1:
                raise ValueError("Shape %s must have rank 1" % TensorShape(_core.shape_of(row_splits)))
            bad = "Arguments to from_row_splits do not form a valid RaggedTensor:"
            if s and s[0] != 0:
                _core.raise_error("InvalidArgumentError", bad + "zero\nCondition x == y did not hold.\n"
                                  "First 1 elements of x:\n[%d]\nFirst 1 elements of y:\n[0]" % s[0])
            steps = [b - a for a, b in zip(s, s[1:])]
            if any(d < 0 for d in steps):
                _core.raise_error("InvalidArgumentError", bad + "monotonic.  \nCondition x >= 0 did not hold "
                                  "element-wise:\nx (shape=(%d,) dtype=%s) = \n%s"
                                  % (len(steps), row_splits.dtype.name, [str(d) for d in steps]))
            if s and s[-1] != _nvals(values):
                _core.raise_error("InvalidArgumentError", "Arguments to _from_row_partition do not form a valid "
                                  "RaggedTensor\nCondition x == y did not hold.\nFirst 1 elements of x:\n[%d]\n"
                                  "First 1 elements of y:\n[%d]" % (s[-1], _nvals(values)))
        return cls(values, row_splits, internal=True)

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True):
        lengths = _core.tolist(_as_splits(row_lengths))
        splits = [0]
        for n in lengths:
            splits.append(splits[-1] + n)
        dt = row_lengths.dtype if is_tensor(row_lengths) else int64
        return cls.from_row_splits(values, constant(splits, dt), validate=validate)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True):
        ids = _core.tolist(_as_splits(value_rowids))
        n = (ids[-1] + 1 if ids else 0) if nrows is None else _pyint(_core.tolist(nrows) if is_tensor(nrows) else nrows)
        counts = [0] * n
        for i in ids:
            counts[i] += 1
        dt = value_rowids.dtype if is_tensor(value_rowids) else int64
        return cls.from_row_lengths(values, constant(counts, dt), validate=validate)

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True):
        starts = _core.tolist(_as_splits(row_starts))
        return cls.from_row_splits(values, constant(starts + [_nvals(_ragged_or_tensor(values))], int64), validate=validate)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True):
        return cls.from_row_splits(values, constant([0] + _core.tolist(_as_splits(row_limits)), int64), validate=validate)

    @classmethod
    def from_uniform_row_length(cls, values, uniform_row_length, nrows=None, validate=True, name=None):
        values = _ragged_or_tensor(values)
        n = _pyint(uniform_row_length)
        total = _nvals(values)
        rows = (total // n if n else 0) if nrows is None else _pyint(nrows)
        return cls(values, constant([i * n for i in _pyrange(rows + 1)], int64), uniform_row_length=n, internal=True)

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None, validate=True):
        r = flat_values
        for s in reversed(list(nested_row_splits)):
            r = cls.from_row_splits(r, s, validate=validate)
        return r

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None, validate=True):
        r = flat_values
        for s in reversed(list(nested_row_lengths)):
            r = cls.from_row_lengths(r, s, validate=validate)
        return r

    @classmethod
    def from_tensor(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None, row_splits_dtype=int64):
        t = _t(tensor)
        dims = _core.shape_of(t)
        if len(dims) < 2:
            raise ValueError("Shape %s must have rank at least 2" % TensorShape(dims))
        rows = _core.tolist(t)
        if lengths is not None:
            ls = _core.tolist(_t(lengths))
            rows = [row[:n] for row, n in zip(rows, ls)]
        elif padding is not None:
            pad = _core.tolist(_t(padding))
            trimmed = []
            for row in rows:
                n = len(row)
                while n > 0 and row[n - 1] == pad:
                    n -= 1
                trimmed.append(row[:n])
            rows = trimmed
        if lengths is None and padding is None:
            out = reshape(t, [-1] + list(dims[2:]))
            return cls.from_row_splits(out, constant([i * dims[1] for i in _pyrange(dims[0] + 1)], row_splits_dtype))
        flat = [v for row in rows for v in row]
        values = constant(flat, t.dtype) if flat else zeros([0] + list(dims[2:]), t.dtype)
        return cls.from_row_lengths(values, constant([len(r) for r in rows], row_splits_dtype))

    # -- structure
    @property
    def values(self):
        return self._values

    @property
    def row_splits(self):
        return self._row_splits

    @property
    def flat_values(self):
        v = self._values
        while isinstance(v, RaggedTensor):
            v = v._values
        return v

    @property
    def nested_row_splits(self):
        out = [self._row_splits]
        v = self._values
        while isinstance(v, RaggedTensor):
            out.append(v._row_splits)
            v = v._values
        return _pytuple(out)

    @property
    def ragged_rank(self):
        return 1 + (self._values.ragged_rank if isinstance(self._values, RaggedTensor) else 0)

    @property
    def dtype(self):
        return self.flat_values.dtype

    @property
    def row_splits_dtype(self):
        return self._row_splits.dtype

    @property
    def uniform_row_length(self):
        return None if self._uniform is None else constant(self._uniform, self._row_splits.dtype)

    @property
    def shape(self):
        n = _core.shape_of(self._row_splits)[0]
        inner = self._values.shape.as_list() if isinstance(self._values, RaggedTensor) else list(_core.shape_of(self._values))
        return TensorShape([None if n is None else n - 1, self._uniform] + inner[1:])

    def get_shape(self):
        return self.shape

    @property
    def device(self):
        return self.flat_values.device

    def _splits_list(self):
        # the splits as Python ints, read once: rows, iteration and to_tensor ask for them per row
        if self._splits is None:
            self._splits = _core.tolist(self._row_splits)
        return self._splits

    def nrows(self, out_type=None, name=None):
        return constant(len(self._splits_list()) - 1, out_type or self._row_splits.dtype)

    def row_lengths(self, axis=1, name=None):
        if axis != 1:
            return self.with_values(self._values.row_lengths(axis - 1))
        s = self._splits_list()
        return constant([b - a for a, b in zip(s, s[1:])], self._row_splits.dtype)

    def row_starts(self, name=None):
        return constant(self._splits_list()[:-1], self._row_splits.dtype)

    def row_limits(self, name=None):
        return constant(self._splits_list()[1:], self._row_splits.dtype)

    def value_rowids(self, name=None):
        s = self._splits_list()
        return constant([i for i in _pyrange(len(s) - 1) for _ in _pyrange(s[i + 1] - s[i])], self._row_splits.dtype)

    def nested_row_lengths(self, name=None):
        out, r = [], self
        while isinstance(r, RaggedTensor):
            out.append(r.row_lengths())
            r = r._values
        return _pytuple(out)

    def bounding_shape(self, axis=None, name=None, out_type=None):
        s = self._splits_list()
        inner = _core.tolist(self._values.bounding_shape()) if isinstance(self._values, RaggedTensor) else list(
            _core.shape_of(self._values))
        widest = _pymax([b - a for a, b in zip(s, s[1:])] or [0])
        dims = [len(s) - 1, widest] + inner[1:]
        r = constant(dims, out_type or self._row_splits.dtype)
        return r if axis is None else r[axis]

    def with_values(self, new_values):
        return RaggedTensor(new_values, self._row_splits, self._uniform, internal=True)

    def with_flat_values(self, new_values):
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    def with_row_splits_dtype(self, dtype):
        v = self._values.with_row_splits_dtype(dtype) if isinstance(self._values, RaggedTensor) else self._values
        return RaggedTensor(v, cast(self._row_splits, dtype), self._uniform, internal=True)

    def merge_dims(self, outer_axis, inner_axis):
        if (outer_axis, inner_axis) == (0, 1):
            return self._values
        raise NotImplementedError("RaggedTensor.merge_dims(%d, %d) is not supported by GraphLens yet" % (outer_axis, inner_axis))

    # -- conversion
    def to_list(self):
        s = self._splits_list()
        inner = self._values.to_list() if isinstance(self._values, RaggedTensor) else _core.tolist(self._values)
        return [inner[a:b] for a, b in zip(s, s[1:])]

    def to_tensor(self, default_value=None, name=None, shape=None):
        bshape = _core.tolist(self.bounding_shape())
        if shape is not None:
            want = shape.as_list() if isinstance(shape, TensorShape) else list(shape)
            bshape = [b if w is None or w == -1 else w for b, w in zip(bshape, want)]
        flat = self.flat_values
        nflat = _nvals(flat)
        inner = list(_core.shape_of(flat)[1:])
        index = []  # the flat-values row of each position of the result; nflat: the default value

        def place(r, lo, hi, dims):
            # elements lo..hi of r into dims[0] slots, the slots past them padded
            for j in _pyrange(dims[0]):
                k = lo + j
                if k >= hi:
                    index.extend([nflat] * _prod(dims[1:]))
                elif isinstance(r, RaggedTensor):
                    s = r._splits_list()
                    place(r._values, s[k], s[k + 1], dims[1:])
                else:
                    index.append(k)
        place(self, 0, self._len(), bshape[:self.ragged_rank + 1])
        dv = zeros([1] + inner, flat.dtype) if default_value is None else reshape(
            broadcast_to(cast(_t(default_value, flat.dtype), flat.dtype), inner), [1] + inner)
        padded = concat([flat, dv], 0)
        picked = gather(padded, constant(index, int64)) if index else zeros([0] + inner, flat.dtype)
        return reshape(picked, bshape[:self.ragged_rank + 1] + inner)

    def numpy(self):
        s = self._splits_list()
        v = self._values.numpy()
        out = [v[a:b] for a, b in zip(s, s[1:])]
        if out and _pyall(len(r) == len(out[0]) for r in out):
            return _npm.array(out)
        return out

    def _print_array(self):
        # what TF prints: the rows of values, stacked where they have one length (numpy's rules)
        s = self._splits_list()
        if isinstance(self._values, RaggedTensor):
            inner = self._values._print_array()
        else:
            flat = self._values.numpy()
            inner = _PrintArray(flat.shape, _print_leaves(flat))
        stride = _prod(inner.shape[1:])
        rows = [_PrintArray((b - a,) + inner.shape[1:], inner.elems[a * stride:b * stride]) for a, b in zip(s, s[1:])]
        return _stack_rows(rows, inner.shape[1:])

    def __repr__(self):
        if _core.is_symbolic(self.flat_values):
            return "tf.RaggedTensor(values=%s, row_splits=%s)" % (self._values, self._row_splits)
        return "<tf.RaggedTensor %s>" % _fmt_element(self._print_array())

    __str__ = __repr__

    def _len(self):  # no __len__: TF's RaggedTensor has none
        return len(self._splits_list()) - 1

    def __iter__(self):
        for i in _pyrange(self._len()):
            yield self[i]

    def __bool__(self):
        raise TypeError("RaggedTensor may not be used as a boolean.")

    # -- indexing
    def _row(self, i):
        s = self._splits_list()
        n = len(s) - 1
        if i < -n or i >= n:
            raise IndexError("Row key %d out of bounds" % i)
        i = i + n if i < 0 else i
        return self._values[s[i]:s[i + 1]]

    def __getitem__(self, key):
        if not isinstance(key, _pytuple):
            key = (key,)
        if not key:
            return self
        first, rest = key[0], key[1:]
        if first is Ellipsis:
            if not rest:
                return self
            raise NotImplementedError("Ellipsis in a RaggedTensor index is not supported by GraphLens yet")
        if isinstance(first, _pyint) or (is_tensor(first) and _rank(first) == 0):
            row = self._row(_pyint(_core.tolist(first)) if is_tensor(first) else first)
            return row[rest] if rest else row
        if isinstance(first, _pyslice):
            s = self._splits_list()
            rows = _pyrange(len(s) - 1)[first]
            if rest:
                parts = [self._row(i)[rest] for i in rows]
                return _ragged_stack_rows(parts, self)
            if first.step not in (None, 1):
                return _ragged_stack_rows([self._row(i) for i in rows], self)
            lo, hi = (rows.start, rows.stop) if len(rows) else (0, 0)
            new_splits = [x - s[lo] for x in s[lo:hi + 1]] if len(rows) else [0]
            return RaggedTensor(self._values[s[lo]:s[hi]] if len(rows) else self._values[0:0],
                                constant(new_splits, self._row_splits.dtype), self._uniform, internal=True)
        raise TypeError("Ragged __getitem__ expects a ragged_tensor, got %r" % (first,))

    # -- operators: elementwise on flat values
    def _binary(self, other, fn, reverse=False):
        if isinstance(other, RaggedTensor):
            if self._splits_list() != other._splits_list():
                debugging.assert_equal(self._row_splits, other._row_splits)
            a, b = self._values, other._values
            r = _binary_values(a, b, fn, reverse)
            return self.with_values(r)
        o = _t(other, self.dtype) if not is_tensor(other) else other
        if _rank(o) == 0:
            return self.with_flat_values(fn(o, self.flat_values) if reverse else fn(self.flat_values, o))
        # a dense operand broadcasts against the rows: expand it to the ragged structure
        dense = _broadcast_dense_to_ragged(o, self)
        return self.with_flat_values(fn(dense, self.flat_values) if reverse else fn(self.flat_values, dense))

    def __add__(self, o):
        return self._binary(o, add)

    def __radd__(self, o):
        return self._binary(o, add, True)

    def __sub__(self, o):
        return self._binary(o, subtract)

    def __rsub__(self, o):
        return self._binary(o, subtract, True)

    def __mul__(self, o):
        return self._binary(o, multiply)

    def __rmul__(self, o):
        return self._binary(o, multiply, True)

    def __truediv__(self, o):
        return self._binary(o, truediv)

    def __rtruediv__(self, o):
        return self._binary(o, truediv, True)

    def __floordiv__(self, o):
        return self._binary(o, floordiv)

    def __mod__(self, o):
        return self._binary(o, floormod)

    def __pow__(self, o):
        return self._binary(o, pow)

    def __lt__(self, o):
        return self._binary(o, less)

    def __le__(self, o):
        return self._binary(o, less_equal)

    def __gt__(self, o):
        return self._binary(o, greater)

    def __ge__(self, o):
        return self._binary(o, greater_equal)

    def __and__(self, o):
        return self._binary(o, logical_and)

    def __or__(self, o):
        return self._binary(o, logical_or)

    def __neg__(self):
        return self.with_flat_values(negative(self.flat_values))

    def __abs__(self):
        return self.with_flat_values(abs(self.flat_values))

    def __invert__(self):
        return self.with_flat_values(logical_not(self.flat_values))

    __hash__ = None

    def __eq__(self, o):
        return self._binary(o, equal)

    def __ne__(self, o):
        return self._binary(o, not_equal)


def _prod(dims):
    n = 1
    for d in dims:
        n *= d
    return n


def _nvals(values):
    if isinstance(values, RaggedTensor):
        return values._len()
    dims = _core.shape_of(values)
    return dims[0] if dims else 1


def _ragged_or_tensor(v):
    return v if isinstance(v, RaggedTensor) else _t(v)


def _binary_values(a, b, fn, reverse):
    if isinstance(a, RaggedTensor):
        return a._binary(b, fn, reverse)
    return fn(b, a) if reverse else fn(a, b)


def _broadcast_dense_to_ragged(dense, rt):
    # a dense tensor whose leading dims match the rows (one value per row, or a scalar per row
    # broadcast over its items): repeated along each row of a ragged_rank-1 tensor
    if rt.ragged_rank != 1:
        raise NotImplementedError("broadcasting a dense tensor against a RaggedTensor of ragged_rank > 1 "
                                  "is not supported by GraphLens yet")
    dims = _core.shape_of(dense)
    if len(dims) >= 2 and dims[1] == 1:
        return gather(reshape(dense, [dims[0]] + list(dims[2:])), rt.value_rowids())
    if len(dims) == 1 and _rank(rt.flat_values) >= 2:
        return dense
    _core.raise_error("InvalidArgumentError", "Expected 'tf.Tensor(False, shape=(), dtype=bool)' to be true. "
                                      "Summarized data: b'Unable to broadcast: dimension size mismatch in dimension'")


def _ragged_stack_rows(parts, like):
    # rows (tensors or RaggedTensors) as one RaggedTensor
    lengths = [_nvals(p) for p in parts]
    if parts and _pyall(isinstance(p, RaggedTensor) for p in parts):
        values = _ragged_concat_rows(parts)
    elif parts:
        values = concat([reshape(p, [-1] + list(_core.shape_of(p)[1:])) if _rank(p) else reshape(p, [1]) for p in parts], 0)
    else:
        values = like.flat_values[0:0]
    return RaggedTensor.from_row_lengths(values, constant(lengths, like.row_splits.dtype))


def _ragged_concat_rows(parts):
    splits = [0]
    vals = []
    for p in parts:
        s = p._splits_list()
        base = splits[-1]
        splits += [base + x - s[0] for x in s[1:]]
        vals.append(p._values[s[0]:s[-1]])
    inner = _ragged_concat_rows(vals) if _pyall(isinstance(v, RaggedTensor) for v in vals) else concat(vals, 0)
    return RaggedTensor(inner, constant(splits, parts[0].row_splits.dtype), internal=True)


def _ragged_constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None, row_splits_dtype=int64):
    def depth(x):
        if isinstance(x, (list, _pytuple)):
            ds = set(depth(e) for e in x)
            ds.discard(-1)
            if len(ds) > 1:
                raise ValueError("all scalar values must have the same nesting depth")
            return 1 + ds.pop() if ds else -1
        if _npm._np.is_array(x) and not _npm._np.is_scalar(x):
            return len(x.shape)
        return 0

    d = depth(pylist)
    if not isinstance(pylist, (list, _pytuple)):
        raise TypeError("pylist must be a list")
    if d == -1:  # no scalars at all ([[], []]): as deep as the lists, and at least one more
        d = _pymax(2, 1 + (len(inner_shape) if inner_shape else 0) + (ragged_rank or 1))
    inner_rank = len(inner_shape) if inner_shape is not None else None
    if ragged_rank is None:
        ragged_rank = _pymax(1, d - 1 - (inner_rank or 0))
    if ragged_rank >= d:
        raise ValueError("pylist has scalar values depth %d, but ragged_rank=%d requires scalar value depth greater "
                         "than %d" % (d, ragged_rank, ragged_rank))
    levels = []
    items = list(pylist)
    for _ in _pyrange(ragged_rank):
        splits = [0]
        nxt = []
        for row in items:
            row = list(row)
            nxt += row
            splits.append(splits[-1] + len(row))
        levels.append(splits)
        items = nxt
    if items:
        values = constant(items, dtype)
    else:
        values = zeros([0] + (list(inner_shape) if inner_shape else []), dtype or float32)
    r = values
    for splits in reversed(levels):
        r = RaggedTensor(r, constant(splits, row_splits_dtype), internal=True)
    return r


def _ragged_range(starts, limits=None, deltas=1, dtype=None, name=None, row_splits_dtype=int64):
    if limits is None:
        starts, limits = 0, starts
    st, li, de = (_core.tolist(_t(x)) for x in (starts, limits, deltas))
    n = _pymax(len(v) if isinstance(v, list) else 1 for v in (st, li, de))
    pick = lambda v, i: v[i] if isinstance(v, list) else v  # noqa: E731
    rows = []
    for i in _pyrange(n):
        a, b, c = pick(st, i), pick(li, i), pick(de, i)
        row = []
        x = a
        while (c > 0 and x < b) or (c < 0 and x > b):
            row.append(x)
            x += c
        rows.append(row)
    dt = dtype or (_t(limits).dtype if is_tensor(limits) else int32)
    flat = [v for r in rows for v in r]
    return RaggedTensor.from_row_lengths(constant(flat, dt) if flat else zeros([0], dt),
                                         constant([len(r) for r in rows], row_splits_dtype))


def _map_flat_values(op, *args, **kwargs):
    found = []

    def sub(x):
        if isinstance(x, RaggedTensor):
            found.append(x)
            return x.flat_values
        if isinstance(x, list):
            return [sub(e) for e in x]
        return x
    a = [sub(x) for x in args]
    k = {n: sub(v) for n, v in kwargs.items()}
    if not found:
        return op(*a, **k)
    return found[0].with_flat_values(op(*a, **k))


def _ragged_boolean_mask(data, mask, name=None):
    if isinstance(data, RaggedTensor) and isinstance(mask, RaggedTensor):
        return _mask_rows(data, mask)
    rows = _core.tolist(_t(mask))
    return _ragged_stack_rows([data[i] for i, keep in enumerate(rows) if keep], data)


def _mask_rows(data, mask):
    m = mask.to_list()
    parts = []
    for i, row in enumerate(m):
        parts.append(boolean_mask(data[i], constant(row, _bool_dtype)))
    return _ragged_stack_rows(parts, data)


def _ragged_stack(values, axis=0, name=None):
    if axis != 0:
        raise NotImplementedError("tf.ragged.stack with axis != 0 is not supported by GraphLens yet")
    return _ragged_stack_rows([v if isinstance(v, RaggedTensor) else _t(v) for v in values], _ragged_like(values))


def _ragged_like(values):
    for v in values:
        if isinstance(v, RaggedTensor):
            return v
    return RaggedTensor.from_tensor(reshape(_t(values[0]), [1, -1]))


def _ragged_concat(values, axis, name=None):
    values = [v if isinstance(v, RaggedTensor) else RaggedTensor.from_tensor(v) for v in values]
    if axis == 0:
        return _ragged_concat_rows(values)
    if axis in (1, -1) and _pyall(v.ragged_rank == 1 for v in values):
        n = values[0]._len()
        rows = []
        for i in _pyrange(n):
            rows.append(concat([v[i] for v in values], 0))
        return _ragged_stack_rows(rows, values[0])
    raise NotImplementedError("concatenating RaggedTensors along axis %d is not supported by GraphLens yet" % axis)


def _ragged_reduce(reduce_fn, pad_for):
    def f(rt, axis=None, keepdims=False, name=None):
        if axis is None:
            return reduce_fn(rt.flat_values, None, keepdims)
        axes = axis if isinstance(axis, (list, _pytuple)) else [axis]
        if len(axes) != 1 or rt.ragged_rank != 1:
            if rt.ragged_rank != 1 or sorted(a % (rt.shape.rank) for a in axes) != [0, 1]:
                raise NotImplementedError("this reduction of a RaggedTensor is not supported by GraphLens yet")
            return reduce_fn(rt.flat_values, [0] + [a - 1 for a in axes if a > 1], keepdims)
        a = axes[0] % rt.shape.rank
        if a >= 2:
            return rt.with_values(reduce_fn(rt.values, a - 1, keepdims))
        return reduce_fn(rt.to_tensor(default_value=pad_for(rt.dtype)), a, keepdims)
    return f


def _pad_zero(dt):
    return None


def _pad_one(dt):
    return 1


def _pad_lowest(dt):
    return dt.min


def _pad_highest(dt):
    return dt.max


def _ragged_mean(rt, axis=None, keepdims=False, name=None):
    total = _ragged_reduce(reduce_sum, _pad_zero)(rt, axis, keepdims)
    ones = rt.with_flat_values(ones_like(rt.flat_values))
    count = _ragged_reduce(reduce_sum, _pad_zero)(ones, axis, keepdims)
    return truediv(total, count)


ragged = _Namespace(constant=_ragged_constant, range=_ragged_range, map_flat_values=_map_flat_values,
                    boolean_mask=_ragged_boolean_mask, stack=_ragged_stack,
                    row_splits_to_segment_ids=lambda splits, name=None, out_type=None: RaggedTensor.from_row_splits(
                        zeros([_core.tolist(_t(splits))[-1]]), splits).value_rowids(),
                    segment_ids_to_row_splits=lambda ids, num_segments=None, out_type=None, name=None:
                        RaggedTensor.from_value_rowids(zeros([len(_core.tolist(_t(ids)))]), ids, num_segments).row_splits,
                    RaggedTensorValue=RaggedTensor)
