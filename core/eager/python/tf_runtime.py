# Eager TensorFlow for GraphLens, part 3 of 3 (after tensorflow.py and tf_nn.py, all run into the
# one `tensorflow` module): tf.nest, IndexedSlices, GradientTape, errors, printing, debugging,
# config and devices, eager control flow, TensorArray.

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
        kind = type(structure)
        if kind is dict:
            return {k: r[k] for k in structure.keys()}
        # a dict subclass keeps its type and key order (OrderedDict, defaultdict), as TF's nest
        if hasattr(structure, "default_factory"):
            out = kind(structure.default_factory)
            for k in structure:
                out[k] = r[k]
            return out
        return kind((k, r[k]) for k in structure)
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


_custom_gradients = {}  # op type -> (gradient of every IdentityN input, the IdentityN outputs' (shape, dtype))
_custom_gradient_count = [0]


def custom_gradient(f=None):
    """tf.custom_gradient: f returns (outputs, grad_fn); tapes differentiate through grad_fn."""
    if f is None:
        return custom_gradient

    def decorated(*args, **kwargs):
        # f's own ops stay on the tapes (grad_fn's results may depend on them: higher orders);
        # its outputs come back as new tensors whose one producer is the custom step
        result, grad_fn = f(*args, **kwargs)
        inputs = [x for x in _nest_flatten(list(args)) if _core.is_tensor(x) or _core.is_variable(x)]
        flat = _nest_flatten(result)
        if _core.tracing():
            # TF's graph-mode decorator: an Identity of each result (unused), then one IdentityN
            # of the results and the inputs, whose outputs the custom step produces; grad_fn
            # gets the results' gradients (the inputs' outputs get zeros) and gives the inputs'
            n = len(flat)
            for r in flat:
                _core.op("Identity", [r], {}, None, False)
            _core.tape_stop_all(1)  # the custom step, not IdentityN's gradient, is what tapes see
            try:
                passed = list(_core.op("IdentityN", [flat + inputs], {}, None, True))
            finally:
                _core.tape_stop_all(-1)

            def all_grads(*upstream):
                given = grad_fn(*upstream[:n])
                given = list(given) if isinstance(given, (list, _pytuple)) else [given]
                return [None] * n + given

            # as TF registers the step's gradient under the op type its IdentityN names, so that
            # tf.saved_model.save can trace it into the SavedModel (experimental_custom_gradients)
            _custom_gradient_count[0] += 1
            op_type = "CustomGradient-%d" % _custom_gradient_count[0]
            _core.symbolic_set_attr(passed[0], "_gradient_op_type", op_type)
            _custom_gradients[op_type] = (all_grads, [(p.shape, p.dtype) for p in passed])

            fresh = _core.tape_custom(passed, flat + inputs, all_grads)[:n]
        else:
            fresh = _core.tape_custom(flat, inputs, grad_fn)
        if not isinstance(result, (list, _pytuple, dict)):
            return fresh[0]
        return _nest_pack(result, fresh)

    decorated.__name__ = getattr(f, "__name__", "custom_gradient")
    decorated.__wrapped__ = f
    return decorated


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


def _batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE, parallel_iterations=None,
                    experimental_use_pfor=True):
    # Example i's jacobian dy_i/dx_i for each i at once: the gradient of each output position,
    # summed over the batch, is each example's own row (the examples do not interact).
    if self._recording and not self._persistent:
        _core.tape_pop(self._h)
        self._recording = False
    target = _t(target)
    tshape, sshape = _core.shape_of(target), _core.shape_of(source)
    if len(tshape) < 1:
        raise IndexError("list index out of range")  # as TF's own check fails on a scalar
    if len(sshape) < 1 or tshape[0] != sshape[0]:
        raise ValueError("Need first dimension of target shape (%s) and source shape (%s) to match."
                         % (TensorShape(tshape), TensorShape(sshape)))
    b = tshape[0]
    n = 1
    for d in tshape[1:]:
        n *= d
    rows = []
    for j in _pyrange(n):
        og = tile(reshape(one_hot(j, n, dtype=target.dtype), [1] + list(tshape[1:])), [b] + [1] * (len(tshape) - 1))
        g = _core.tape_gradient(self._h, [target], [source], [og], unconnected_gradients == "zero", False)[0]
        rows.append(g if g is not None else zeros_like(source))
    _core.tape_gradient(self._h, [], [], None, False, True)
    out = stack(rows, axis=1) if rows else zeros([b, 0] + list(sshape[1:]), source.dtype)
    return reshape(out, list(tshape) + list(sshape[1:]))


GradientTape.batch_jacobian = _batch_jacobian


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
                data = ([message] if message is not None else []) + ["Condition x %s y did not hold element-wise:" % sym,
                                                         "x (%s) = " % x.name, x, "y (%s) = " % y.name, y]
            return _graph_assert(reduce_all(check(x, y)), data, summarize)
    x = _t(x)
    y = _convert(y, None, x.dtype) if not is_tensor(y) else y
    cond = check(x, y)
    if _pybool(reduce_all(cond)):
        return None
    # TF's eager message (check_ops._make_assert_msg_data): the condition, for same-shaped
    # operands the first `summarize` (default 3, negative: all) differing indices and values, then
    # the first elements of x and y; the message first when given
    n = 3 if summarize is None else (10 ** 9 if summarize < 0 else summarize)
    lines = ([message] if message is not None else []) + ["Condition x %s y did not hold." % sym]
    np_dt = lambda t: t.dtype.as_numpy_dtype if t.dtype != string else None  # noqa: E731
    xv = _core.tolist(reshape(x, [-1])) if _rank(x) > 0 else [_core.tolist(x)]
    yv = _core.tolist(reshape(y, [-1])) if _rank(y) > 0 else [_core.tolist(y)]
    if n > 0:
        if _core.shape_of(x) == _core.shape_of(y) and _rank(x) > 0:
            flat_c = _core.tolist(reshape(cond, [-1]))
            bad = [i for i, c in enumerate(flat_c) if not c][:n]
            idx = _core.tolist(where(logical_not(cond)))[:n]
            lines += ["Indices of first %d different values:" % len(bad), str(_npm.array(idx)),
                      "Corresponding x values:", str(_npm.array([xv[i] for i in bad], np_dt(x))),
                      "Corresponding y values:", str(_npm.array([yv[i] for i in bad], np_dt(y)))]
        kx, ky = _pymin(len(xv), n), _pymin(len(yv), n)
        lines += ["First %d elements of x:" % kx, str(_npm.array(xv[:kx], np_dt(x))),
                  "First %d elements of y:" % ky, str(_npm.array(yv[:ky], np_dt(y)))]
    _fail("\n".join(lines))


# TF 2's signatures (assert_none_equal takes summarize before message, as TF's does)
def assert_equal(x, y, message=None, summarize=None, name=None):
    return _assert_binary(x, y, equal, "==", ("x", "y"), message, summarize)


def assert_none_equal(x, y, summarize=None, message=None, name=None):
    return _assert_binary(x, y, not_equal, "!=", ("x", "y"), message, summarize)


def assert_greater(x, y, message=None, summarize=None, name=None):
    return _assert_binary(x, y, greater, ">", ("x", "y"), message, summarize)


def assert_greater_equal(x, y, message=None, summarize=None, name=None):
    return _assert_binary(x, y, greater_equal, ">=", ("x", "y"), message, summarize)


def assert_less(x, y, message=None, summarize=None, name=None):
    return _assert_binary(x, y, less, "<", ("x", "y"), message, summarize)


def assert_less_equal(x, y, message=None, summarize=None, name=None):
    return _assert_binary(x, y, less_equal, "<=", ("x", "y"), message, summarize)


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


def _rank_check_failed(x, qualifier, message, wanted, actual):
    # TF names the tensor only in a graph (x.name, "x:0"); eagerly the name is empty
    tensor = x.name if _core.tracing() and hasattr(x, "name") else ""
    raise ValueError("%sTensor %s must have rank %s%d.  Received rank %d, shape %s" % (
        "%s.  " % message if message else "", tensor, qualifier, wanted, actual, TensorShape(_core.shape_of(x))))


def assert_rank(x, rank, message=None, name=None):
    r = _rank(x)
    if r != _pyint(rank):
        _rank_check_failed(x, "", message, _pyint(rank), r)


def assert_rank_at_least(x, rank, message=None, name=None):
    r = _rank(x)
    if r < _pyint(rank):
        _rank_check_failed(x, "at least ", message, _pyint(rank), r)


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
    return _core.op("CheckNumerics", [_t(tensor)], {"message": message}, name)


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
    # TF's name scope: in a graph being traced the scope is made unique as op names are (a second
    # "blk" is "blk_1"), "x/" re-enters the scope "x"; eagerly it only prefixes names.
    def __init__(self, name, default_name=None, values=None):
        self._name = name if name else default_name

    def __enter__(self):
        self._outer = list(_name_scopes)
        self._outer_scope, scope = _core.enter_name_scope(self._name)
        _name_scopes[:] = scope.split("/") if scope else []
        return scope + "/" if scope else ""

    def __exit__(self, *a):
        _name_scopes[:] = self._outer
        _core.set_name_scope(self._outer_scope)
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


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False, infer_shape=True,
           name=None, fn_output_signature=None):
    # as TF's map_fn: `fn` on each element of (a structure of) tensors unstacked on their first
    # dimension; the results stacked into the structure of fn_output_signature (dtype), or of
    # elems when neither is given; no elements give empty tensors of the signature's dtypes
    if fn_output_signature is None:
        fn_output_signature = dtype
    if _core.tracing():
        return _graph_map_fn(fn, elems, fn_output_signature, parallel_iterations, infer_shape, name)
    flat = [_t(e) for e in _nest_flatten(elems)]
    n = _core.shape_of(flat[0])[0]
    columns = [unstack(e, n) for e in flat]
    results = [_nest_flatten(fn(_nest_pack(elems, [c[i] for c in columns]))) for i in _pyrange(n)]
    structure = elems if fn_output_signature is None else fn_output_signature
    specs = _nest_flatten(structure)
    out = []
    for k, spec in enumerate(specs):
        if results:
            out.append(stack([r[k] for r in results]))
            continue
        if fn_output_signature is None:  # TF's TensorArray of no elements and no element shape
            out.append(zeros([0], flat[k].dtype))
        elif isinstance(spec, TensorSpec):
            out.append(zeros([0] + spec.shape.as_list(), spec.dtype))
        else:
            out.append(zeros([0], as_dtype(spec)))
    return _nest_pack(structure, out)


def _graph_map_fn(fn, elems, fn_output_signature, parallel_iterations, infer_shape, name):
    # TF's map_fn in a graph: the elements unstacked into TensorArrays, a while loop of at most n
    # iterations reading element i, calling fn and writing its results into accumulator
    # TensorArrays, which are stacked at the end; in the name scope "map".
    with name_scope(name, "map"):
        flat = [convert_to_tensor(e, name="elem") for e in _nest_flatten(elems)]
        for e in flat:
            if e.shape.rank == 0:
                raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
        static_n = None if flat[0].shape.rank is None else flat[0].shape.as_list()[0]
        n = static_n or shape(flat[0])[0]
        elems_ta = [TensorArray(e.dtype, size=n, dynamic_size=False, infer_shape=True) for e in flat]
        elems_ta = [ta.unstack(e) for ta, e in zip(elems_ta, flat)]
        i = constant(0)
        if fn_output_signature is None:
            out_structure = elems
            specs = [TensorSpec(None, e.dtype) for e in flat]
        else:
            out_structure = fn_output_signature
            specs = [s if isinstance(s, TensorSpec) else TensorSpec(None, as_dtype(s))
                     for s in _nest_flatten(fn_output_signature)]
        accs_ta = [TensorArray(s.dtype, size=n, dynamic_size=False, infer_shape=infer_shape,
                               element_shape=None if s.shape.rank is None else s.shape) for s in specs]
        result_shapes = []

        def compute(i, tas):
            value = _nest_pack(elems, [ta.read(i) for ta in elems_ta])
            results = [convert_to_tensor(r) for r in _nest_flatten(fn(value))]
            if len(results) != len(tas):
                raise ValueError("The two structures don't have the same nested structure.\n\nFirst structure: %s"
                                 "\n\nSecond structure: %s" % (out_structure, results))
            result_shapes[:] = [r.shape for r in results]
            return (i + 1, [ta.write(i, r) for ta, r in zip(tas, results)])

        _, r_a = while_loop(lambda i, _: i < n, compute, (i, accs_ta),
                            parallel_iterations=parallel_iterations or 10, maximum_iterations=n)
        out = []
        for r, element in zip(r_a, result_shapes):
            stacked = r.stack()
            stacked.set_shape(TensorShape([static_n]).concatenate(element))
            out.append(stacked)
        return _nest_pack(out_structure, out)


def vectorized_map(fn, elems, fallback_to_while_loop=True):
    return map_fn(fn, elems)


# ----- TensorArray ----------------------------------------------------------------------------
# In a graph a TensorArray is a TensorList value (its "flow"), changed functionally. Eagerly it is
# TF's _EagerTensorArray: a Python list of tensors, elements cleared after a read unless
# clear_after_read=False, unwritten (and cleared) elements made as zeros of the element shape
# that the writes infer, and its errors in TF's words.
class TensorArray:
    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None, tensor_array_name=None,
                 handle=None, flow=None, infer_shape=True, element_shape=None, colocate_with_first_write_call=True,
                 name=None):
        self._dtype = as_dtype(dtype)
        self._dynamic = _pybool(dynamic_size)
        self._element_shape = element_shape
        self._graph = _core.tracing()
        if self._graph:
            self._flow = flow if flow is not None else _op(
                "TensorListReserve", [self._shape_input(), 0 if size is None else size],
                {"element_dtype": self._dtype})
            return
        self._clear = True if clear_after_read is None else _pybool(clear_after_read)
        self._infer = infer_shape
        self._shape = TensorShape(None) if element_shape is None else as_shape(element_shape)
        self._cleared = set()
        self._items = [None] * (0 if size is None else _pyint(size))

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

    @property
    def element_shape(self):
        if self._graph:
            return TensorShape(None) if self._element_shape is None else as_shape(self._element_shape)
        return self._shape

    def size(self, name=None):
        if self._graph:
            return _op("TensorListLength", [self._flow])
        return _core.constant(len(self._items), int32)

    def _zero_if_unset(self, i):
        v = self._items[i]
        if v is None:
            if not self._shape.is_fully_defined():
                raise ValueError("Cannot convert a partially known TensorShape %s to a Tensor." % (self._shape,))
            v = self._items[i] = zeros(self._shape.as_list(), self._dtype)
        return v

    def _write(self, index, value):
        i = _pyint(index)
        if i < 0:
            _core.raise_error("OutOfRangeError", "Writing to negative indices (index %d) is not allowed." % i)
        size = len(self._items)
        if i >= size:
            if not self._dynamic:
                _core.raise_error("OutOfRangeError", "Tried to write to index %d but array is not resizeable and "
                                                     "size is: %d " % (i, size))
            self._items += [None] * (i + 1 - size)
        if not is_tensor(value):
            value = convert_to_tensor(value, preferred_dtype=self._dtype)
        if value.dtype != self._dtype:
            _core.raise_error("InvalidArgumentError", "TensorArray dtype is %s but Op is trying to write dtype %s "
                              % (self._dtype.name, value.dtype.name))
        if not self._shape.is_compatible_with(value.shape):
            raise ValueError("Incompatible shape for value (%s), expected (%s)" % (value.shape, self._shape))
        if self._infer:
            self._shape = self._shape.merge_with(value.shape)
        self._items[i] = value

    def write(self, index, value, name=None):
        if self._graph:
            value = _convert(value, self._dtype)
            if self._element_shape is None:
                self._element_shape = value.shape
            attrs = {"element_dtype": self._dtype}
            if self._dynamic:
                attrs["resize_if_index_out_of_bounds"] = True
            return self._with_flow(_op("TensorListSetItem", [self._flow, index, value], attrs))
        self._write(index, value)
        return self

    def read(self, index, name=None):
        if self._graph:
            return _op("TensorListGetItem", [self._flow, index, self._shape_input()], {"element_dtype": self._dtype})
        i = _pyint(index)
        if i < 0:
            _core.raise_error("OutOfRangeError", "Reading from negative indices (index %d) is not allowed." % i)
        if i >= len(self._items):
            _core.raise_error("OutOfRangeError", "Tried to read from index %d but array size is: %d "
                              % (i, len(self._items)))
        v = self._items[i]
        if v is None:
            if i in self._cleared:
                _core.raise_error("InvalidArgumentError", "Could not read index %d twice because it was cleared after "
                                  "a previous read (perhaps try setting clear_after_read = false?)" % i)
            v = self._zero_if_unset(i)
        if self._clear:
            self._items[i] = None
            self._cleared.add(i)
        return v

    def stack(self, name=None):
        if self._graph:
            return _op("TensorListStack", [self._flow, self._shape_input()], {"element_dtype": self._dtype})
        for i in _pyrange(len(self._items)):
            self._zero_if_unset(i)
        if not self._items:
            if self._shape.is_fully_defined():
                return zeros([0] + self._shape.as_list(), self._dtype)
            return _convert([], self._dtype)
        return stack(self._items)

    def gather(self, indices, name=None):
        if self._graph:
            return _op("TensorListGather", [self._flow, indices, self._shape_input()], {"element_dtype": self._dtype})
        return stack([self._zero_if_unset(_pyint(i)) for i in _core.tolist(_t(indices))])

    def concat(self, name=None):
        return concat([self._zero_if_unset(i) for i in _pyrange(len(self._items))], 0)

    def unstack(self, value, name=None):
        if self._graph:
            value = _convert(value, self._dtype)
            if self._element_shape is None and value.shape.rank is not None:
                self._element_shape = TensorShape(value.shape.as_list()[1:])
            return self._with_flow(_op("TensorListFromTensor", [value, self._shape_input()], {"element_dtype": self._dtype}))
        tensors = unstack(value)
        if len(tensors) > len(self._items) and not self._dynamic:
            raise ValueError("Cannot unstack %d tensors into a TensorArray of static size %d "
                             % (len(tensors), len(self._items)))
        self._items = list(tensors)
        return self

    def scatter(self, indices, value, name=None):
        for i, v in zip(_core.tolist(_t(indices)), unstack(value)):
            if self._graph:
                self = self.write(i, v)
            else:
                self._write(i, v)
        return self

    def close(self, name=None):
        if not self._graph:
            del self._items[:]
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
                                  executing_eagerly=executing_eagerly, assert_rank=assert_rank,
                                  assert_rank_at_least=assert_rank_at_least, assert_equal=assert_equal,
                                  assert_type=assert_type))


# ----- tf.raw_ops ----------------------------------------------------------------------------------
class _RawOps:
    """tf.raw_ops: every registered op as a function of keyword arguments only (its OpDef's input
    and attr names, and name=); several outputs come back as a tuple named after them."""

    def __init__(self):
        self._made = {}

    def __repr__(self):
        return "<module 'tensorflow._api.v2.raw_ops'>"

    def __getattr__(self, op):
        if op.startswith("_"):
            raise AttributeError(op)
        made = self._made.get(op)
        if made is None:
            made = self._made[op] = self._make(op)
        return made

    # TF's api_defs show some arguments under other names (the OpDef's name -> the keyword), found
    # by comparing every op's raw_ops keywords with TF 2.21's
    _reduction = {"reduction_indices": "axis"}
    _renamed = {"All": _reduction, "Any": _reduction, "EuclideanNorm": _reduction, "Max": _reduction,
                "Mean": _reduction, "Min": _reduction, "Prod": _reduction, "Sum": _reduction,
                "ExpandDims": {"dim": "axis"}, "Select": {"t": "x", "e": "y"}, "Split": {"split_dim": "axis"},
                "SplitV": {"split_dim": "axis"}, "Squeeze": {"squeeze_dims": "axis"}, "Where": {"input": "condition"}}

    def _make(self, op):
        op_inputs, op_attrs, outputs, list_output = _core.op_signature(op)
        renamed = self._renamed.get(op, {})
        inputs = [renamed.get(k, k) for k in op_inputs]
        attrs = [renamed.get(k, k) for k in op_attrs]
        keys = inputs + attrs + ["name"]
        result = None
        if len(outputs) > 1 and not list_output:
            import collections as _collections
            result = _collections.namedtuple(op, outputs)

        def raw_op(*args, **kw):
            if args:
                raise TypeError("%s only takes keyword args (possible keys: %s). Please pass these args as kwargs "
                                "instead." % (_snake_case(op), keys))
            for k in kw:
                if k not in keys:
                    raise TypeError("%s() got an unexpected keyword argument '%s'" % (op, k))
            missing = [i for i in inputs if i not in kw]
            if missing:
                raise TypeError("%s() missing %d required positional argument%s: %s" % (
                    op, len(missing), "s" if len(missing) > 1 else "", " and ".join("'%s'" % m for m in missing)))
            out = _op(op, [kw[i] for i in inputs], {o: kw[a] for o, a in zip(op_attrs, attrs) if a in kw}, None, True,
                      graph_name=kw.get("name"))
            if not outputs:
                return None
            if result is not None:
                return result(*out)
            return list(out) if list_output else out[0]

        raw_op.__name__ = op
        return raw_op


raw_ops = _RawOps()


def _snake_case(op):
    # TF's Python names of ops: an underscore before a capital that follows a small letter or
    # precedes one ("AddV2" -> "add_v2", "Conv2D" -> "conv2d", "HSVToRGB" -> "hsv_to_rgb",
    # "Relu6Grad" -> "relu6_grad"). (TF's hidden wrappers, "_abs", are not known here.)
    out = []
    for i, c in enumerate(op):
        if c.isupper() and i > 0:
            prev, nxt = op[i - 1], op[i + 1] if i + 1 < len(op) else ""
            if prev.islower() or nxt.islower():
                out.append("_")
        out.append(c.lower())
    return "".join(out)


# ----- forward mode ------------------------------------------------------------------------------
class ForwardAccumulator:
    """tf.autodiff.ForwardAccumulator: Jacobian-vector products of what runs inside it.

    Recorded on a persistent tape; jvp(y) is the transpose of y's vector-Jacobian product taken
    again (d/du <vjp(y, u), tangents>, linear in u), the same double-backward TF's forwardprop
    builds its JVPs from."""

    def __init__(self, primals, tangents):
        self._primals = _nest_flatten(primals)
        self._tangents = _nest_flatten(tangents)
        if len(self._primals) != len(self._tangents):
            raise ValueError("primals and tangents must have the same structure")
        self._tape = GradientTape(persistent=True)
        self._entered = False

    def __enter__(self):
        self._tape.__enter__()
        for p in self._primals:
            self._tape.watch(p)
        self._entered = True
        return self

    def __exit__(self, *exc):
        self._tape.__exit__(*exc)
        self._entered = False
        return False

    def _jvp_one(self, target, unconnected):
        if not (is_tensor(target) or _core.is_variable(target)):
            return None
        for p, t in zip(self._primals, self._tangents):
            if p is target:
                return _t(t)
        u = zeros_like(target)
        with GradientTape() as outer:
            outer.watch(u)
            grads = self._tape.gradient(target, self._primals, output_gradients=u)
            terms = [reduce_sum(g * cast(_t(t), g.dtype)) for g, t in zip(grads, self._tangents) if g is not None]
        if not terms:
            return zeros_like(target) if unconnected == UnconnectedGradients.ZERO else None
        total = terms[0]
        for x in terms[1:]:
            total = total + x
        r = outer.gradient(total, u)
        if r is None and unconnected == UnconnectedGradients.ZERO:
            return zeros_like(target)
        return r

    def jvp(self, primals, unconnected_gradients=UnconnectedGradients.NONE):
        flat = _nest_flatten(primals)
        return _nest_pack(primals, [self._jvp_one(x, unconnected_gradients) for x in flat])


autodiff = _Namespace(ForwardAccumulator=ForwardAccumulator, GradientTape=GradientTape)


# ----- tf.types.experimental: the tracing protocol ------------------------------------------------
class _TraceType:
    """tf.types.experimental.TraceType: what a tf.function keys an argument's trace by."""

    def is_subtype_of(self, other):
        raise NotImplementedError

    def most_specific_common_supertype(self, others):
        raise NotImplementedError

    def placeholder_value(self, placeholder_context=None):
        raise NotImplementedError

    def to_tensors(self, value):
        return []

    def from_tensors(self, tensors):
        return self.placeholder_value(None)

    def flatten(self):
        return []

    def cast(self, value, cast_context=None):
        return value

    def __eq__(self, other):
        raise NotImplementedError

    def __hash__(self):
        raise NotImplementedError


# The custom TraceTypes seen by tf.functions, in order; an argument reuses the first one it equals
# or is a subtype of (TF's lookup: exact match, then subtype), so its trace is reused.
_custom_trace_types = []


def _graphlens_custom_trace_key(value):
    tt = value.__tf_tracing_type__(None)
    for i, known in enumerate(_custom_trace_types):
        if type(known) is type(tt) and (tt == known or tt.is_subtype_of(known)):
            return "%s#%d" % (type(tt).__name__, i)
    _custom_trace_types.append(tt)
    return "%s#%d" % (type(tt).__name__, len(_custom_trace_types) - 1)


def _graphlens_custom_placeholder(value):
    return value.__tf_tracing_type__(None).placeholder_value(None)


types = _Namespace(experimental=_Namespace(TraceType=_TraceType, SupportsTracingProtocol=object,
                                           TensorLike=Tensor))
