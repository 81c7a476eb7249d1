# tf.function: the Python half (run into the tensorflow module after tensorflow.py). Tracing,
# dispatch and calls are native (_core.fn_*); this file holds the classes users see.


_pylist = list


class OperatorNotAllowedInGraphError(TypeError):
    __module__ = "tensorflow.python.framework.errors_impl"


class InaccessibleTensorError(ValueError):
    __module__ = "tensorflow.python.framework.errors_impl"


errors.OperatorNotAllowedInGraphError = OperatorNotAllowedInGraphError
errors.InaccessibleTensorError = InaccessibleTensorError


def _autograph_convert(f):
    # AutoGraph's converted function for `f` (core/function); `f` itself until it is available.
    conv = getattr(_core, "autograph_convert", None)
    if conv is None:
        return f
    return conv(f)


class TensorSpec:
    def __init__(self, shape, dtype=float32, name=None):
        self._shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)
        self._dtype = as_dtype(dtype)
        self._name = name

    @classmethod
    def from_tensor(cls, tensor, name=None):
        return cls(tensor.shape, tensor.dtype, name)

    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        return self._name

    def is_compatible_with(self, other):
        if not isinstance(other, TensorSpec):
            other = convert_to_tensor(other)
        return self._dtype == other.dtype and self._shape.is_compatible_with(other.shape)

    def __eq__(self, other):
        return isinstance(other, TensorSpec) and self._dtype == other._dtype and self._shape == other._shape

    def __hash__(self):
        return hash(repr(self))

    def __repr__(self):
        return "TensorSpec(shape=%s, dtype=tf.%s, name=%r)" % (self._shape, self._dtype.name, self._name)


def _make_ag_errors():
    # What AutoGraph raises for an error in traced code whose type it cannot rebuild from a message
    # (StagingError), and the KeyError that shows its framed message rather than a quoted key.
    # core/eager/trace_error.cpp reads the tuple by position.
    class PyCTError(Exception):
        pass

    class AutoGraphError(PyCTError):
        pass

    class StagingError(AutoGraphError):
        pass

    class KeyError(_builtin_KeyError):
        def __str__(self):
            return self._ag_message

    # TF's own graph errors: the first keeps its type when framed; the second is raised after the
    # user's code has returned (outputs out of scope), so TF never frames it.
    return StagingError, KeyError, (OperatorNotAllowedInGraphError,), (InaccessibleTensorError,)


_builtin_KeyError = KeyError
_ag_errors = _make_ag_errors()


class _NodeDef:
    def __init__(self, name, op, inputs, handle=None):
        self.name = name
        self.op = op
        self.input = inputs
        self.device = ""
        self._handle = handle

    def __str__(self):
        # protobuf's text format, as print(node_def) shows it
        if self._handle is not None:
            return _core.concrete_graph_text(self._handle, self.name)
        return "name: %r op: %r" % (self.name, self.op)

    __repr__ = __str__


class _FunctionDef:
    def __init__(self, name, nodes):
        self.signature = _Namespace(name=name)
        self.node_def = [_NodeDef(*n) for n in nodes]


class _GraphDef:
    def __init__(self, nodes, library, handle=None):
        self.node = [_NodeDef(*n, handle) for n in nodes]
        self.library = _Namespace(function=[_FunctionDef(name, ns) for name, ns in library])
        self._handle = handle

    def __str__(self):
        return _core.concrete_graph_text(self._handle) if self._handle is not None else ""


class _Operation:
    def __init__(self, node, handle=None):
        self.name = node.name
        self.type = node.op
        self.node_def = node
        self._handle = handle

    @property
    def inputs(self):
        return _core.concrete_op_tensors(self._handle, self.name)[0]

    @property
    def outputs(self):
        return _core.concrete_op_tensors(self._handle, self.name)[1]

    def get_attr(self, name):
        return _core.concrete_op_attr(self._handle, self.name, name)


class _FuncGraph:
    def __init__(self, handle):
        self._handle = handle

    def as_graph_def(self, add_shapes=False):
        name, nodes, library, sig, nargs = _core.concrete_graph(self._handle)
        return _GraphDef(nodes, library, self._handle)

    def get_operations(self):
        return [_Operation(n, self._handle) for n in self.as_graph_def().node]

    def get_operation_by_name(self, name):
        for op in self.get_operations():
            if op.name == name:
                return op
        raise KeyError("The name %r refers to an Operation not in the graph." % (name,))

    @property
    def name(self):
        # TF's FuncGraph is named after the tf.function ("f"); its FunctionDef is __inference_f_<uid>
        full = _core.concrete_graph(self._handle)[0]
        if full.startswith("__inference_"):
            head, sep, uid = full[len("__inference_"):].rpartition("_")
            if sep and uid.isdigit():
                return head
        return full


def _trace_type_text(v):
    # How TF's trace types print a function's outputs: TensorSpec(...), Dict[[key, T], ...],
    # List[...], Tuple[...], Literal[value].
    if _core.is_tensor(v) or _core.is_symbolic(v):
        return repr(TensorSpec(v.shape, v.dtype))
    if isinstance(v, dict):
        return "Dict[%s]" % ", ".join("[%r, %s]" % (k, _trace_type_text(x)) for k, x in v.items())
    if isinstance(v, list):
        return "List[%s]" % ", ".join(_trace_type_text(x) for x in v)
    if isinstance(v, _pytuple):
        return "Tuple[%s]" % ", ".join(_trace_type_text(x) for x in v)
    return "Literal[%r]" % (v,)


class ConcreteFunction:
    def __init__(self, handle, function):
        self._handle = handle
        self._function = function

    def __call__(self, *args, **kwargs):
        if self._function._instance is not None:
            return _core.concrete_call(self._handle, (self._function._instance,) + args, kwargs)
        return _core.concrete_call(self._handle, args, kwargs)

    @property
    def graph(self):
        return _FuncGraph(self._handle)

    @property
    def name(self):
        # bytes, as TF's (the FunctionDef's name)
        return self._name_str.encode()

    @property
    def _name_str(self):
        return _core.concrete_graph(self._handle)[0]

    @property
    def output_dtypes(self):
        return nest.map_structure(lambda t: t.dtype, self.structured_outputs)

    @property
    def output_shapes(self):
        return nest.map_structure(lambda t: t.shape, self.structured_outputs)

    @property
    def outputs(self):
        return _core.concrete_outputs(self._handle)[0]

    @property
    def structured_outputs(self):
        return _core.concrete_outputs(self._handle)[1]

    @property
    def inputs(self):
        return _core.concrete_outputs(self._handle)[2]

    @property
    def captured_inputs(self):
        return _core.concrete_captures(self._handle)

    @property
    def structured_input_signature(self):
        names, values = _core.concrete_args(self._handle)
        sig = self._function._input_signature
        if sig is not None:
            if self._function._instance is not None:
                names = names[1:]
            return (_pytuple(TensorSpec(s.shape, s.dtype, s.name if s.name is not None else n)
                             for s, n in zip(sig, names)), {})
        if self._function._instance is not None:
            names, values = names[1:], values[1:]

        def spec(v, name):
            if _core.is_symbolic(v):
                return TensorSpec(v.shape, v.dtype, name)
            if isinstance(v, (list, _pytuple)):
                items = [spec(x, name) for x in v]
                return items if isinstance(v, list) else _pytuple(items)
            if isinstance(v, dict):
                return {k: spec(x, name) for k, x in v.items()}
            return v

        return (_pytuple(spec(v, n) for n, v in zip(names, values)), {})

    def pretty_printed_signature(self, verbose=True):
        return _core.concrete_signature_text(self._handle, _trace_type_text(self.structured_outputs), verbose)

    @property
    def function_type(self):
        return _FunctionType(self.pretty_printed_signature(verbose=False), self.pretty_printed_signature())

    @property
    def inference_fn(self):
        return _AtomicFunction(self)

    def __repr__(self):
        return "<ConcreteFunction %s at 0x%X>" % (self.pretty_printed_signature(verbose=False), id(self))

    def __str__(self):
        return "ConcreteFunction " + self.pretty_printed_signature()


class _FunctionType:
    # ConcreteFunction.function_type: str() is TF's "(a: TensorSpec(...)) -> ...", repr() the
    # verbose "Input Parameters: ..." listing
    def __init__(self, text, verbose):
        self._text = text
        self._verbose = verbose

    def __str__(self):
        return self._text

    def __repr__(self):
        return self._verbose


class _AtomicFunction:
    # ConcreteFunction.inference_fn: the graph called with flat tensors, giving its flat outputs
    def __init__(self, concrete):
        self._concrete = concrete

    @property
    def name(self):
        return self._concrete.name

    def __call__(self, *args):
        return self._concrete(*args)


_FunctionType.__name__ = "FunctionType"
_AtomicFunction.__name__ = "AtomicFunction"


def _check_input_signature(f, input_signature):
    # What TF checks when the tf.function is made (function_type_utils).
    if not isinstance(input_signature, (list, _pytuple)):
        raise TypeError("input_signature must be either a tuple or a list, got %s." % type(input_signature))
    params = _core.func_params(f)
    if params is None:
        return
    names = params[0]
    positional = names[:len(names)]
    if positional and positional[0] == "self" and len(input_signature) < len(positional):
        positional = positional[1:]
    n_defaults = _core.func_defaults_count(f)
    required = len(positional) - n_defaults
    if len(input_signature) > len(positional) and not (len(params) > 2 and params[2]):
        raise TypeError("input_signature contains %d extra type constraints." % (len(input_signature) - len(positional)))
    for i in _pyrange(len(input_signature), required):
        raise TypeError("input_signature missing type constraint for %s" % positional[i])


class Function:
    """A tf.function: a Python function traced into graphs, one per input signature."""

    def __init__(self, python_function, name, input_signature=None, autograph=True, reduce_retracing=False,
                 jit_compile=None, instance=None):
        self._python_function = python_function
        self._name = name
        self._autograph = autograph
        self._input_signature = input_signature
        self._reduce_retracing = reduce_retracing
        self._jit_compile = jit_compile
        self._instance = instance
        self._converted = None
        self._descriptor_cache = {}
        self._concrete_cache = {}
        self._tf_function_marker = True
        self._state = _core.fn_new(python_function, name, autograph, reduce_retracing, self)
        if input_signature is not None and instance is None:
            _check_input_signature(python_function, input_signature)
        if input_signature is not None:
            if not isinstance(input_signature, (list, _pytuple)):
                raise TypeError("input_signature must be either a tuple or a list, got %s." % type(input_signature))
            for spec in _nest_flatten(input_signature):
                if not isinstance(spec, TensorSpec):
                    raise TypeError("input_signature must be a possibly nested sequence of TensorSpec objects, "
                                    "got invalid args %r with types %r." % (input_signature, [type(x) for x in input_signature]))
            _core.fn_set_signature(self._state, list(input_signature))

    # Native: binds the arguments, dispatches, traces when needed and calls (function.cpp).
    __call__ = _core.fn_call_method

    def _autograph_target(self):
        if self._converted is None:
            self._converted = _autograph_convert(self._python_function)
        return self._converted

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        key = id(instance)
        f = self._descriptor_cache.get(key)
        if f is None:
            f = Function(self._python_function, self._name, self._input_signature, self._autograph,
                         self._reduce_retracing, self._jit_compile, instance)
            self._descriptor_cache[key] = f
        return f

    @property
    def python_function(self):
        return self._python_function

    @property
    def __name__(self):
        return self._name

    @property
    def input_signature(self):
        return self._input_signature

    def get_concrete_function(self, *args, **kwargs):
        if not args and not kwargs and self._input_signature is not None:
            args = _pytuple(self._input_signature)
        if self._instance is not None:
            args = (self._instance,) + args
        handle = _core.fn_concrete(self._state, args, kwargs)
        name = _core.concrete_graph(handle)[0]
        cf = self._concrete_cache.get(name)
        if cf is None:
            cf = ConcreteFunction(handle, self)
            self._concrete_cache[name] = cf
        return cf

    def pretty_printed_concrete_signatures(self, verbose=True):
        return ("\n\n" if verbose else "\n").join(ConcreteFunction(h, self).pretty_printed_signature(verbose)
                                                 for h in _core.fn_concretes(self._state))

    def experimental_get_tracing_count(self):
        return _core.fn_tracing_count(self._state)

    def __repr__(self):
        return "<tensorflow.python.eager.polymorphic_function.polymorphic_function.Function object at 0x%x>" % id(self)


def function(func=None, input_signature=None, autograph=True, jit_compile=None, reduce_retracing=False,
             experimental_implements=None, experimental_autograph_options=None, experimental_attributes=None,
             experimental_relax_shapes=None, experimental_compile=None, experimental_follow_type_hints=None):
    if experimental_relax_shapes is not None:
        reduce_retracing = reduce_retracing or experimental_relax_shapes

    def decorate(f):
        name = getattr(f, "__name__", "function")
        return Function(f, name, input_signature, autograph, reduce_retracing, jit_compile)

    if func is None:
        return decorate
    return decorate(func)


# ----- control flow in graphs -------------------------------------------------------------------
_eager_cond = cond
_eager_while_loop = while_loop


# Gradients through If and While under a GradientTape inside a trace (see core/eager/trace_grad.cpp):
# graph_cond / graph_while record the node on the tapes as one step, whose gradient function these
# make. A forward input is a tensor, or (shape, dtype) for a captured variable; a variable's
# gradient comes from its read in the re-traced function.
def _dense(g):
    return g if g is None or is_tensor(g) else convert_to_tensor(g)


def _is_variable_spec(x):
    return isinstance(x, _pytuple)


def _differentiable(x):
    return _is_variable_spec(x) or x.dtype.is_floating or x.dtype.name == "variant"


def _cond_gradient(pred, then_name, else_name, owner, fwd):
    tensors = [k for k, x in enumerate(fwd) if not _is_variable_spec(x) and _differentiable(x)]
    variables = [k for k, x in enumerate(fwd) if _is_variable_spec(x)]
    replay_inputs = [None if _is_variable_spec(x) else x for x in fwd]

    def grad(*upstream):
        def branch(name):
            def run():
                with GradientTape() as tape:
                    tape.watch([fwd[k] for k in tensors])
                    outs, reads = _core.replay_function(owner, name, replay_inputs, _gradients)
                sources = [fwd[k] for k in tensors] + [reads[k] for k in variables]
                gs = tape.gradient(outs, sources, output_gradients=list(upstream),
                                   unconnected_gradients=UnconnectedGradients.ZERO)
                return [_dense(g) for g in gs]
            return run

        res = _core.graph_cond(pred, branch(then_name), branch(else_name), False, "gradients/cond_grad",
                               gradient=_cond_gradient)
        out = [None] * len(fwd)
        for k, g in zip(tensors + variables, res):
            out[k] = g
        return out
    return grad


def _while_gradient(owner, body_name, count, maximum, initial, captures, finals):
    # The loop ran `count` times: a forward loop keeps each iteration's variables in TensorArrays,
    # then a backward loop takes the body's gradient at each of them, last first, summing the
    # captures' gradients over the iterations. `finals`: the loop's outputs (their shapes are the
    # variables' shapes across iterations).
    n_vars = len(initial)
    diff_vars = [k for k in _pyrange(n_vars) if _differentiable(finals[k])]
    cap_tensors = [k for k, x in enumerate(captures) if not _is_variable_spec(x) and _differentiable(x)]
    cap_variables = [k for k, x in enumerate(captures) if _is_variable_spec(x)]
    replay_captures = [None if _is_variable_spec(x) else x for x in captures]
    scalar = TensorShape([])

    def grad(*upstream):
        states = [TensorArray(f.dtype, size=count, clear_after_read=False, element_shape=f.shape) for f in finals]

        def keep(i, vs, tas):
            tas = [ta.write(i, v) for ta, v in zip(tas, vs)]
            outs, _ = _core.replay_function(owner, body_name, [i, maximum] + list(vs) + replay_captures, _gradients)
            return i + 1, outs[2:2 + n_vars], tas

        _, _, states = while_loop(lambda i, vs, tas: i < count, keep, (0, list(initial), states),
                                  shape_invariants=(scalar, [f.shape for f in finals], [None] * n_vars))
        zero_caps = [_op("ZerosLike", [captures[k]]) for k in cap_tensors] + \
                    [zeros(captures[k][0], captures[k][1]) for k in cap_variables]

        def back(k, g_vars, g_caps):
            i = count - 1 - k
            vs = [ta.read(i) for ta in states]
            with GradientTape() as tape:
                tape.watch([vs[j] for j in diff_vars] + [captures[j] for j in cap_tensors])
                outs, reads = _core.replay_function(owner, body_name, [i, maximum] + vs + replay_captures, _gradients)
            sources = [vs[j] for j in diff_vars] + [captures[j] for j in cap_tensors] + [reads[j] for j in cap_variables]
            gs = [_dense(g) for g in tape.gradient([outs[2 + j] for j in diff_vars], sources,
                                                   output_gradients=list(g_vars),
                                                   unconnected_gradients=UnconnectedGradients.ZERO)]
            nd = len(diff_vars)
            return k + 1, gs[:nd], [add_n([a, b]) for a, b in zip(g_caps, gs[nd:])]

        _, g_vars, g_caps = while_loop(
            lambda k, g_vars, g_caps: k < count, back, (0, [_dense(upstream[j]) for j in diff_vars], zero_caps),
            shape_invariants=(scalar, [finals[j].shape for j in diff_vars], [z.shape for z in zero_caps]))
        out = [None] * (n_vars + len(captures))
        for j, g in zip(diff_vars, g_vars):
            out[j] = g
        for j, g in zip(cap_tensors + cap_variables, g_caps):
            out[n_vars + j] = g
        return out
    return grad


_gradients = (_cond_gradient, _while_gradient)  # for the conds and loops replay_function re-traces


def cond(pred, true_fn=None, false_fn=None, name=None):
    if not _core.tracing() or not is_tensor(pred):
        return _eager_cond(pred, true_fn, false_fn, name)
    structure = [None]

    def branch(fn):
        def run():
            r = fn() if fn is not None else None
            if structure[0] is None:
                structure[0] = [r]
            return _nest_flatten(r)
        return run

    flat = _core.graph_cond(pred, branch(true_fn), branch(false_fn), False, name, gradient=_cond_gradient)
    return nest.pack_sequence_as(structure[0][0], flat)


def _graph_assert(condition, data, summarize=None):
    # TF's control_flow_assert.Assert in a graph. The data are converted first (those constants
    # stay in the graph unused); unless all are strings or int32 (kept on the host) the Assert is
    # guarded by an If ("AssertGuard") so the data are only needed when the check fails.
    summarize = 3 if summarize is None else summarize
    with name_scope("Assert"):
        xs = [convert_to_tensor(d) for d in data]
        if all(x.dtype in (string, int32) for x in xs):
            return _op("Assert", [condition, data], {"summarize": summarize})
        condition = convert_to_tensor(condition)
        return _guarded_assert(condition, data, summarize)


def _guarded_assert(condition, data, summarize):
    def holds():
        _op("NoOp", [])
        return [identity(condition)]

    def fails():
        _op("Assert", [condition, data], {"summarize": summarize})
        return [identity(condition)]

    _core.graph_cond(condition, holds, fails, False, "AssertGuard")


_eager_case = case


def case(pred_fn_pairs, default=None, exclusive=False, strict=False, name="case"):
    # In a graph: nested conds, the first true predicate wins (TF's _case_helper).
    if not _core.tracing() or not any(is_tensor(p) for p, _ in pred_fn_pairs):
        return _eager_case(pred_fn_pairs, default, exclusive, strict, name)
    pairs = _pylist(pred_fn_pairs)
    fallback = default if default is not None else pairs[-1][1]
    if default is None:
        pairs = pairs[:-1]

    def build(i):
        if i == len(pairs):
            return fallback()
        return cond(pairs[i][0], pairs[i][1], lambda: build(i + 1))

    return build(0)


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, maximum_iterations=None, name=None):
    if not _core.tracing():
        return _eager_while_loop(cond, body, loop_vars, shape_invariants, parallel_iterations, back_prop,
                                 swap_memory, maximum_iterations, name)
    single = not isinstance(loop_vars, (list, _pytuple))

    def unpack(flat):
        packed = nest.pack_sequence_as(loop_vars, list(flat))
        return [packed] if single else list(packed)

    def c(*flat):
        return cond(*unpack(flat))

    def b(*flat):
        r = body(*unpack(flat))
        return _nest_flatten(r)

    invariants = None
    if shape_invariants is not None:
        invariants = [s if s is None or isinstance(s, TensorShape) else TensorShape(s)
                      for s in (_nest_flatten(shape_invariants) if not single else [shape_invariants])]
    out = _core.graph_while(c, b, _nest_flatten(loop_vars), maximum_iterations, False, invariants,
                            gradient=_while_gradient)
    return nest.pack_sequence_as(loop_vars, out)


# ----- AutoGraph: the ag__ runtime's tensor hooks (core/function/python/ag_runtime.py) ----------
class _AutoGraphNs:
    pass


def _ag_is_tensor(x):
    return _core.tracing() and is_tensor(x)


def _ag_is_dataset(x):
    # tf.data.Dataset (tf_data.py; its classes are not visible from here by name)
    return hasattr(type(x), "_graphlens_variant")


def _ag_is_undefined(v):
    return isinstance(v, _ag.Undefined) or isinstance(v, _ag.UndefinedReturnValue)


def _ag_verify_branch(values, names, branch):
    for name, v in zip(names, values):
        if isinstance(v, _ag.UndefinedReturnValue):
            raise ValueError("the {} branch must also have a return statement.".format(branch))
        if isinstance(v, _ag.Undefined):
            raise ValueError("'{}' must also be initialized in the {} branch".format(name, branch))
        if v is None:
            raise ValueError("'{}' is None at the end of the {} branch.".format(name, branch))


def _ag_is_py_scalar(v):
    return isinstance(v, (_pybool, _pyint, _pyfloat, str))


def _ag_verify_cond_vars(body_vars, orelse_vars, names):
    # TF's verify_single_cond_var: Python scalars become tensors (constants in the graph being
    # built), then the dtypes must agree.
    for name, b, o in zip(names, body_vars, orelse_vars):
        if b is None:
            raise ValueError("'{}' is None at the end of the main branch.".format(name))
        if o is None:
            raise ValueError("'{}' is None at the end of the else branch.".format(name))
        if _ag_is_py_scalar(b):
            b = convert_to_tensor(b)
        if _ag_is_py_scalar(o):
            o = convert_to_tensor(o)
        if is_tensor(b) and is_tensor(o) and b.dtype != o.dtype:
            raise TypeError("'{}' has dtype {} in the main branch, but dtype {} in the else branch"
                            .format(name, b.dtype.name, o.dtype.name))


def _ag_verify_tf_condition(cond, tag):
    # TF's _verify_tf_condition: a tf.bool scalar; a one-element condition is reshaped to one
    hint = 'to check for None, use `is not None`'
    cond = convert_to_tensor(cond)
    if cond.dtype != bool:
        raise ValueError('condition of {} expected to be `tf.bool` scalar, got {}; to use as boolean Tensor, use '
                         '`tf.cast`; {}'.format(tag, cond, hint))
    if cond.shape.rank is None:
        cond = reshape(cond, ())
    elif cond.shape.rank > 0:
        known = 1
        for d in cond.shape.as_list():
            if d is not None:
                known *= d
        if known > 1:
            raise ValueError('condition of {} expected to be `tf.bool` scalar, got {}; {}'.format(tag, cond, hint))
        cond = reshape(cond, ())
    return cond


def _ag_stage_if(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    cond = _ag_verify_tf_condition(cond, 'if statement')
    if not nouts:
        prev_get, prev_set = get_state, set_state
        get_state = lambda: (0,) + _pytuple(prev_get())
        set_state = lambda v: prev_set(v[1:])
        symbol_names = ("<unused dummy>",) + _pytuple(symbol_names)
        nouts = 1
    init_vars = _pytuple(get_state())
    results = [None, None]

    def branch(fn, name, slot):
        def run():
            set_state(init_vars)
            fn()
            new_vars = _pytuple(get_state())[:nouts]
            results[slot] = new_vars
            _ag_verify_branch(new_vars, symbol_names, name)
            other = results[1 - slot]
            if other is not None:
                if slot == 1:
                    _ag_verify_cond_vars(other, new_vars, symbol_names)
                else:
                    _ag_verify_cond_vars(new_vars, other, symbol_names)
            return _nest_flatten(_pylist(new_vars))
        return run

    flat = _core.graph_cond(cond, branch(body, "main", 0), branch(orelse, "else", 1), True, None,
                            gradient=_cond_gradient)
    final = nest.pack_sequence_as(_pylist(results[0]), flat)
    set_state(_pytuple(final) + init_vars[nouts:])


def _ag_is_subshape(left, right):
    # TF's _is_subshape: every dim of `right` is None or equal to `left`'s.
    if right.rank is None:
        return True
    if left.rank != right.rank:
        return False
    for a, b in zip(left.as_list(), right.as_list()):
        if b is not None and a != b:
            return False
    return True


def _ag_verify_loop_vars(names, init_vars, entry_vars, exit_vars):
    # TF's verify_tf_loop_vars / _verify_single_loop_var (Python scalars become constants of the
    # body graph, as there).
    for name, init, entry, exit_ in zip(names, init_vars, entry_vars, exit_vars):
        if exit_ is None:
            raise ValueError("'{}' is None at the end of the iteration.".format(name))
        if _ag_is_py_scalar(init):
            init = convert_to_tensor(init)
        if _ag_is_py_scalar(entry):
            entry = convert_to_tensor(entry)
        if _ag_is_py_scalar(exit_):
            exit_ = convert_to_tensor(exit_)
        if not is_tensor(entry) or not is_tensor(exit_):
            continue
        if entry.dtype != exit_.dtype:
            raise TypeError("'{}' has dtype {} before the loop, but dtype {} after one iteration"
                            .format(name, entry.dtype.name, exit_.dtype.name))
        if entry.shape.rank is not None and None in entry.shape.as_list() and _ag_is_subshape(exit_.shape, entry.shape):
            continue
        if not _ag_is_subshape(exit_.shape, entry.shape):
            raise ValueError("'{}' has shape {} before the loop, but shape {} after one iteration. Use "
                             "tf.autograph.experimental.set_loop_options to set shape invariants."
                             .format(name, entry.shape, exit_.shape))


def _ag_placeholder_value(like, original):
    # TF's _placeholder_value: a zero of the first iteration's type for a variable the loop defines.
    if like is None or _ag_is_undefined(like):
        return original
    if isinstance(like, (_pybool, _pyint, _pyfloat)):
        return type(like)(0)
    if is_tensor(like):
        dims = like.shape.as_list() if like.shape.rank is not None else None
        if dims is None:
            return zeros((), like.dtype)
        return zeros([0 if d is None else d for d in dims], like.dtype)
    return original


def _ag_handle_undefineds(body, get_state, set_state, init_vars, symbol_names):
    # TF's _try_handling_undefineds: stage one iteration in a throwaway graph to learn what the
    # loop-defined variables become, then start them from zeros of that type.
    first = [None]
    failure = [None]

    def stage():
        def autocast(v):
            if isinstance(v, (_pybool, _pyint, _pyfloat, str)):
                return convert_to_tensor(v)
            return v
        set_state(_pytuple(autocast(v) for v in init_vars))
        body()
        first[0] = _pytuple(get_state())

    try:
        _core.in_scratch_graph(stage)
    except (UnboundLocalError, TypeError, ValueError, KeyError) as e:
        failure[0] = "Note: AutoGraph tried to define it automatically, but ran into a %s: %s" % (type(e).__name__, e)
    finally:
        set_state(init_vars)
    first_vars = first[0] if first[0] is not None else (None,) * len(init_vars)
    new_init = []
    for name, v, fv in zip(symbol_names, init_vars, first_vars):
        if isinstance(v, _ag.UndefinedReturnValue):
            if fv is not None and not _ag_is_undefined(fv):
                raise ValueError("the return value from a TensorFlow loop may only be a Tensor; got %s" % type(fv))
            raise NotImplementedError("a return statement cannot be placed inside this TensorFlow loop; this may happen "
                                      "if a return statement depends on a static Python condition such as a hyperparameter")
        if v is None:
            raise ValueError("'{}' is not allowed to be None before the loop".format(name))
        if isinstance(v, _ag.Undefined):
            pv = _ag_placeholder_value(fv, v)
            if isinstance(pv, _ag.Undefined):
                msg = "'{}' must be defined before the loop".format(name)
                if failure[0]:
                    msg += "\n" + failure[0]
                raise ValueError(msg)
            v = pv
        new_init.append(v)
    return _pytuple(new_init)


def _ag_stage_while(test, body, get_state, set_state, symbol_names, opts):
    init_vars = _pytuple(get_state())
    require_one_iteration = False
    if any(v is None or _ag_is_undefined(v) for v in init_vars):
        orig_names = symbol_names
        init_vars = _ag_handle_undefineds(body, get_state, set_state, init_vars, symbol_names)
        set_state(init_vars)
        # The loop must run at least once: a flag loop variable, checked by an Assert after it.
        require_one_iteration = True
    structure = _pylist(init_vars)
    flat_init = _nest_flatten(structure)
    n = len(flat_init)

    def unpack(flat):
        return _pytuple(nest.pack_sequence_as(structure, _pylist(flat[:n])))

    skip = 1 if require_one_iteration else 0  # the has-run flag leads the loop variables

    def aug_test(*loop_vars):
        set_state(unpack(loop_vars[skip:]))
        return _ag_verify_tf_condition(test(), 'while loop')

    def aug_body(*loop_vars):
        entry = unpack(loop_vars[skip:])
        set_state(entry)
        body()
        new_vars = _pytuple(get_state())
        _ag_verify_loop_vars(symbol_names, init_vars, entry, new_vars)
        return ([True] if skip else []) + _nest_flatten(_pylist(new_vars))

    maximum_iterations = opts.get("maximum_iterations") if isinstance(opts, dict) else None
    invariants = None
    if isinstance(opts, dict) and opts.get("shape_invariants"):
        # set_loop_options(shape_invariants=[(var, shape)]): matched to the loop variables by identity
        invariants = [None] * len(flat_init)
        for var, shp in opts["shape_invariants"]:
            for k, v in enumerate(flat_init):
                if v is var:
                    invariants[k] = shp if isinstance(shp, TensorShape) else TensorShape(shp)
        if skip:
            invariants = [None] + invariants
    final = _core.graph_while(aug_test, aug_body, ([False] if skip else []) + flat_init, maximum_iterations, True,
                              invariants, gradient=_while_gradient)
    if require_one_iteration:
        _graph_assert(final[0], ["loop must iterate at least once to initialize %s" % ", ".join(orig_names)])
        set_state(_pytuple(identity(v) if is_tensor(v) else v for v in unpack(final[1:])))
        return
    set_state(unpack(final))


def _ag_dataset_for(ds, extra_test, body, get_state, set_state, symbol_names):
    # TF's _tf_ag_dataset_for_stmt: the loop as ds.scan(body) (then take_while(extra_test)) reduced
    # to the last loop variables.
    init_vars = _pytuple(get_state())
    for name, v in zip(symbol_names, init_vars):
        if _ag_is_undefined(v):
            raise ValueError("'{}' must be defined before the loop.".format(name))
    if not init_vars:
        # Dataset.reduce needs a state: a dummy one.
        init_vars = (constant(0),)
        get_state = lambda: (constant(0),)
        set_state = lambda v: None

    def scan_body(loop_vars, iterate):
        set_state(loop_vars)

        def main_path():
            body(iterate)
            return _pytuple(get_state())

        if extra_test is not None:
            extra_cond = extra_test()
            new_vars = cond(extra_cond, main_path, lambda: loop_vars)
        else:
            extra_cond = (constant(True),)
            new_vars = main_path()
        return new_vars, (new_vars, extra_cond)

    scanned = ds._scan(init_vars, scan_body)
    if extra_test is not None:
        scanned = scanned._take_while(lambda loop_vars, c: c)
    set_state(_pytuple(scanned.reduce(init_vars, lambda state, outputs: outputs[0])))


def _ag_stage_for(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    if _ag_is_dataset(iter_) and hasattr(iter_, "_scan"):
        return _ag_dataset_for(iter_, extra_test, body, get_state, set_state, symbol_names)
    if _ag_is_dataset(iter_):
        # Datasets made outside the trace are iterated while tracing (unrolled).
        for x in iter_:
            if extra_test is not None and not extra_test():
                break
            body(x)
        return
    it = convert_to_tensor(iter_)
    producer = _core.sym_producer(it) if _core.is_symbolic(it) else (None, [])
    state = {}
    if producer[0] == "Range":
        start, limit, delta = producer[1]
        state["i"] = start
        _ag_range_len(start, limit, delta)  # TF computes it (a maximum_iterations hint used only under XLA)

        def element():
            return state["i"]

        def advance():
            state["i"] = state["i"] + delta

        def main_test():
            return state["i"] < limit
    else:
        # TF's _known_len_tf_for_stmt: the rows through a TensorArray (TensorList ops).
        dims = it.shape.as_list() if it.shape.rank is not None else None
        n = dims[0] if dims and dims[0] is not None else shape(it)[0]
        rows = TensorArray(it.dtype, size=n).unstack(it)
        state["i"] = 0

        def element():
            return rows.read(state["i"])

        def advance():
            state["i"] = state["i"] + 1

        def main_test():
            return state["i"] < n

    def aug_get_state():
        return (state["i"],) + _pytuple(get_state())

    def aug_set_state(vs):
        state["i"] = vs[0]
        set_state(_pytuple(vs[1:]))

    def aug_body():
        body(element())
        advance()

    def aug_test():
        t = main_test()
        if extra_test is not None:
            return cond(t, extra_test, lambda: False)
        return t

    _ag_stage_while(aug_test, aug_body, aug_get_state, aug_set_state, ("<internal iterate>",) + _pytuple(symbol_names), opts)


def _ag_range_len(start, limit, delta):
    dist = limit - start
    unadjusted = dist // delta
    adjustment = cast(not_equal(dist % delta, _ag_zeros_like(unadjusted)), dist.dtype)
    final = unadjusted + adjustment
    return cast(maximum(final, _ag_zeros_like(final)), int32)


def _ag_zeros_like(t):
    # zeros_like of a fully defined shape is a constant in a graph, as TF makes it.
    if t.shape.rank is not None and None not in t.shape.as_list():
        _core.trace_suspend(True, False)
        try:
            return zeros(t.shape.as_list(), t.dtype)
        finally:
            _core.trace_suspend(False, False)
    return zeros_like(t)


def _ag_stage_and(a_value, b_thunk):
    return cond(a_value, b_thunk, lambda: a_value)


def _ag_stage_or(a_value, b_thunk):
    return cond(a_value, lambda: a_value, b_thunk)


def _ag_stage_not(a_value):
    return logical_not(a_value)


def _ag_stage_if_exp(c, if_true, if_false, expr_repr):
    return cond(c, if_true, if_false)


def _ag_on_fallback(f, error):
    # As TF: an unsupported construct is the user's to change; any other failure is AutoGraph's,
    # and the warning asks for a bug report.
    report = ""
    if not isinstance(error, _ag.UnsupportedLanguageElementError):
        report = ("Please report this to the TensorFlow team. When filing the bug, set the verbosity to 10 "
                  "(on Linux, `export AUTOGRAPH_VERBOSITY=10`) and attach the full output.\n")
    _sys.stderr.write("WARNING:tensorflow:AutoGraph could not transform %r and will run it as-is.\n%sCause: %s\n"
                      "To silence this warning, decorate the function with "
                      "@tf.autograph.experimental.do_not_convert\n" % (f, report, error))


def _ag_while_stmt(test, body, get_state, set_state, symbol_names, opts):
    # As TF: the first test runs in a throwaway graph, only to decide whether the loop is staged.
    init_test = _core.in_scratch_graph(test)
    if _ag_is_tensor(init_test):
        return _ag_stage_while(test, body, get_state, set_state, symbol_names, opts)
    while test():
        body()


_ag = _core.autograph_module()
_ag.while_stmt = _ag_while_stmt
_ag._is_tensor = _ag_is_tensor
_ag._is_dataset = _ag_is_dataset
_ag._stage_if = _ag_stage_if
_ag._stage_while = _ag_stage_while
_ag._stage_for = _ag_stage_for
_ag._stage_and = _ag_stage_and
_ag._stage_or = _ag_stage_or
_ag._stage_not = _ag_stage_not
_ag._stage_if_exp = _ag_stage_if_exp
_ag._on_fallback = _ag_on_fallback


def _autograph_convert(f):
    try:
        return _core.autograph_convert(f)
    except _ag.ConversionError as e:
        _ag_on_fallback(f, e)
        return f
    except TypeError as e:
        # TensorFlow's own functions (GraphLens's runtime here) run as written, as AutoGraph
        # leaves TF's modules unconverted
        if "converts only user-defined" not in str(e):
            raise
        return f


def _to_code(entity, recursive=True, experimental_optional_features=None):
    if isinstance(entity, Function):
        entity = entity.python_function
    return _core.autograph_to_code(entity)


def _to_graph(entity, recursive=True, experimental_optional_features=None):
    # The converted function, callable eagerly or in a graph; unlike tf.function no fallback.
    if isinstance(entity, Function):
        entity = entity.python_function
    return _core.autograph_convert(entity)


autograph = _Namespace(
    to_code=_to_code,
    to_graph=_to_graph,
    set_verbosity=lambda *a, **k: None,
    do_not_convert=_ag.do_not_convert,
    experimental=_Namespace(do_not_convert=_ag.do_not_convert,
                            set_loop_options=lambda **kw: None),
)
