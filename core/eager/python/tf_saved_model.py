# tf.saved_model: the Python half (run into the tensorflow module after tf_function.py). Writing
# and reading the files is native (_core.saved_model_*, core/eager/export.cpp and
# saved_model_load.cpp); this file holds the objects scripts see: a loaded model's signatures,
# and a TF2 SavedModel's revived objects, variables and functions.


# ----- tf.saved_model ---------------------------------------------------------------------------
def _signature_function(fn):
    # What tf.saved_model.save accepts as a signature: a concrete function, or a tf.function with
    # an input signature (traced now).
    if isinstance(fn, ConcreteFunction):
        return fn
    if isinstance(fn, Function) and fn.input_signature is not None:
        # TF traces it again under its save context (once: later saves reuse that trace), apart
        # from the traces its calls use
        saving = fn.__dict__.get("_saving_function")
        if saving is None:
            saving = Function(fn._python_function, fn._name, fn._input_signature, fn._autograph,
                              fn._reduce_retracing, fn._jit_compile, fn._instance)
            fn.__dict__["_saving_function"] = saving
        return saving.get_concrete_function()
    raise ValueError("Expected a TensorFlow function for which to generate a signature, but got %r. Only "
                     "`tf.functions` with an input signature or concrete functions can be used as a signature."
                     % (fn,))


def _signature_input_names(cf):
    names = []
    for spec in _nest_flatten(cf.structured_input_signature):
        names.append(spec.name)
    return names


def _signature_output_names(cf):
    structured = cf.structured_outputs
    if isinstance(structured, dict):
        return sorted(structured)
    return ["output_%d" % i for i in _pyrange(len(cf.outputs))]


def _keras_default_signature(model):
    # Keras 3's default save signature: one argument `inputs` (the model's inputs, flattened and
    # named inputs, inputs_1, ...), outputs output_0, output_1, ... or the model's output keys.
    struct = model.__dict__.get("_fn_inputs")
    if struct is None:
        struct = model.inputs
        if len(struct) == 1:
            struct = struct[0]
    flat = _nest_flatten(struct)
    names = ["inputs"] + ["inputs_%d" % i for i in _pyrange(1, len(flat))]
    specs = [TensorSpec(k.shape, as_dtype(k.dtype), name=n) for k, n in zip(flat, names)]
    if len(flat) == 1:
        def serving_default(inputs):
            return model(inputs)
        fn = Function(serving_default, "serving_default", specs, autograph=False)
    else:
        def serving_default(inputs):
            return model(nest.pack_sequence_as(struct, inputs))
        fn = Function(serving_default, "serving_default", [specs], autograph=False)
    cf = fn.get_concrete_function()
    return cf, names, _signature_output_names(cf)


def _is_keras_model(obj):
    return hasattr(type(obj), "inputs") and hasattr(obj, "layers") and callable(obj)


def _saved_model_save(obj, export_dir, signatures=None, options=None):
    import os as _os
    entries = []
    if signatures is None:
        if _is_keras_model(obj):
            cf, names, out_names = _keras_default_signature(obj)
            entries.append(("serving_default", cf, names, out_names))
        else:
            found = []
            for name in sorted(dir(type(obj))):
                attr = type(obj).__dict__.get(name)
                if attr is None:
                    for base in type(obj).__mro__[1:]:
                        attr = base.__dict__.get(name)
                        if attr is not None:
                            break
                if isinstance(attr, Function) and attr.input_signature is not None:
                    found.append(getattr(obj, name))
            if len(found) == 1:
                signatures = found[0]
    if signatures is not None:
        if not isinstance(signatures, dict):
            signatures = {"serving_default": signatures}
        for key in sorted(signatures):
            cf = _signature_function(signatures[key])
            entries.append((key, cf, _signature_input_names(cf), _signature_output_names(cf)))
    variables = list(getattr(obj, "variables", ()) or ())
    if isinstance(obj, (Module, Checkpoint)) and not _is_keras_model(obj):
        # a TF2 SavedModel: the object graph (attributes, functions, signatures) and an
        # object-based checkpoint, which TF's loader and GraphLens's revive
        custom = getattr(options, "experimental_custom_gradients", True)
        entries, extra, (ckpt_tensors, ckpt_nodes), tracked = _object_graph_save(obj, entries, custom)
        pb, fingerprint, _, _ = _core.saved_model_build([(k, cf._handle, i, o) for k, cf, i, o in entries],
                                                        tracked, *extra)
        index, data = _core.checkpoint_build(ckpt_tensors, ckpt_nodes)
    else:
        pb, fingerprint, index, data = _core.saved_model_build(
            [(k, cf._handle, i, o) for k, cf, i, o in entries], variables)
    export_dir = _os.fspath(export_dir)
    _os.makedirs(_os.path.join(export_dir, "variables"), exist_ok=True)
    _os.makedirs(_os.path.join(export_dir, "assets"), exist_ok=True)
    for name, blob in (("saved_model.pb", pb), ("fingerprint.pb", fingerprint),
                       (_os.path.join("variables", "variables.index"), index),
                       (_os.path.join("variables", "variables.data-00000-of-00001"), data)):
        with open(_os.path.join(export_dir, name), "wb") as f:
            f.write(blob)


class _LoadedSignature:
    """A signature of a loaded SavedModel: called with keyword arguments, returns a dict."""

    def __init__(self, model, key, inputs, outputs):
        self._model = model
        self._key = key
        self._inputs = inputs
        self._outputs = outputs

    @property
    def name(self):
        return self._key

    @property
    def structured_input_signature(self):
        return ((), {k: TensorSpec(shape, as_dtype(dt), name=k) for k, dt, shape in self._inputs})

    @property
    def structured_outputs(self):
        return {k: TensorSpec(shape, as_dtype(dt), name=k) for k, dt, shape in self._outputs}

    def __call__(self, *args, **kwargs):
        if args:
            raise TypeError("signature functions take keyword arguments only (%s); got %d positional"
                            % (", ".join(k for k, _, _ in self._inputs), len(args)))
        names = [k for k, _, _ in self._inputs]
        missing = [k for k in names if k not in kwargs]
        extra = [k for k in kwargs if k not in names]
        if missing or extra:
            raise TypeError("%s got %s; it takes %s" % (
                self._key, ("unexpected keyword arguments " + ", ".join(sorted(extra))) if extra else
                ("missing " + ", ".join(missing)), ", ".join(sorted(names))))
        values = [kwargs[k] for k in names]
        outs = _core.saved_model_call(self._model, self._key, values)
        return {k: t for (k, _, _), t in zip(self._outputs, outs)}

    def __repr__(self):
        return "<ConcreteFunction (*, %s) -> Dict[%s] at 0x%X>" % (
            ", ".join("%s: %r" % (k, s) for k, s in self.structured_input_signature[1].items()),
            ", ".join("['%s', %r]" % (k, s) for k, s in self.structured_outputs.items()), id(self))


class _LoadedSavedModel:
    """What tf.saved_model.load returns here: the model's signatures, run on its graph."""

    def __init__(self, handle, signatures):
        self._handle = handle
        self.signatures = {k: _LoadedSignature(handle, k, i, o) for k, i, o in signatures}

    def __repr__(self):
        return "<tensorflow.python.saved_model.load_v1_in_v2.Loader._recreate_base_user_object.<locals>._UserObject " \
               "object at 0x%x>" % id(self)


def _saved_model_load(export_dir, tags=None, options=None):
    import os as _os
    import _os as _sandbox
    export_dir = _os.fspath(export_dir)
    if isinstance(tags, str):
        tags = [tags]
    # every file the loader reads must be inside the script's sandbox (PermissionError if not)
    real = _sandbox.realpath(export_dir)
    for name in ("saved_model.pb", "saved_model.pbtxt", "fingerprint.pb",
                 _os.path.join("variables", "variables.index")):
        path = _os.path.join(export_dir, name)
        if _os.path.exists(path):
            _sandbox.realpath(path)
    variables_dir = _os.path.join(export_dir, "variables")
    if _os.path.isdir(variables_dir):
        for name in _os.listdir(variables_dir):
            _sandbox.realpath(_os.path.join(variables_dir, name))
    if not _os.path.exists(_os.path.join(export_dir, "saved_model.pb")) and \
            not _os.path.exists(_os.path.join(export_dir, "saved_model.pbtxt")):
        raise OSError("SavedModel file does not exist at: %s/{saved_model.pbtxt|saved_model.pb}" % export_dir)
    handle, signatures = _core.saved_model_load(real, tags)
    loaded = _LoadedSavedModel(handle, signatures)
    objects = _core.saved_model_objects(handle)
    if objects is not None:
        root = _revive(handle, objects, loaded.signatures)
        if root is not None:
            return root
    return loaded


saved_model = _Namespace(save=_saved_model_save, load=_saved_model_load, SaveOptions=lambda **kw: SaveOptions(**kw),
                         SERVING="serve", DEFAULT_SERVING_SIGNATURE_DEF_KEY="serving_default")


# ----- a TF2 SavedModel's object graph, revived ------------------------------------------------
def _sm_decode(v):
    # a StructuredValue (tagged tuples from _core.saved_model_objects) as Python values
    tag = v[0]
    if tag == "none":
        return None
    if tag == "value":
        return v[1]
    if tag == "list":
        return [_sm_decode(x) for x in v[1]]
    if tag == "tuple":
        return _pytuple(_sm_decode(x) for x in v[1])
    if tag == "dict":
        return {k: _sm_decode(x) for k, x in v[1]}
    if tag == "namedtuple":
        return {k: _sm_decode(x) for k, x in v[2]}
    if tag == "spec":
        return TensorSpec(v[3], as_dtype(v[2]), name=v[1] or None)
    if tag == "shape":
        return TensorShape(v[1])
    if tag == "dtype":
        return as_dtype(v[1])
    raise ValueError("GraphLens cannot revive %s from a SavedModel's function signature yet" % v[1])


class _RestoredOutput:
    """A restored concrete function's output as its structured_outputs show it (a graph tensor)."""

    def __init__(self, name, spec):
        self.name = name
        self.shape = spec.shape
        self.dtype = spec.dtype

    def __repr__(self):
        return "<tf.Tensor '%s' shape=%s dtype=%s>" % (self.name, self.shape, self.dtype.name)


def _spec_arg(spec, value):
    # `value` passed for `spec`: a tensor of its dtype and a compatible shape, or TypeError
    if _core.is_variable(value):
        value = value.value()
    elif not _core.is_tensor(value):
        try:
            value = convert_to_tensor(value, dtype=spec.dtype)
        except (TypeError, ValueError):
            raise TypeError("Can not cast %r to %r" % (value, TensorSpec(spec.shape, spec.dtype)))
    if value.dtype != spec.dtype or not spec.shape.is_compatible_with(value.shape):
        raise TypeError("Can not cast %r to %r" % (TensorSpec(value.shape, value.dtype), TensorSpec(spec.shape, spec.dtype)))
    return value


def _bind_flat(structure, value, out):
    # appends the tensors of `value` laid out as `structure` (specs and Python values) to out
    if isinstance(structure, TensorSpec):
        out.append(_spec_arg(structure, value))
    elif isinstance(structure, dict):
        if not isinstance(value, dict) or sorted(value) != sorted(structure):
            raise TypeError("Can not cast %r to %r" % (value, structure))
        for k in sorted(structure):
            _bind_flat(structure[k], value[k], out)
    elif isinstance(structure, (list, _pytuple)):
        if not isinstance(value, (list, _pytuple)) or len(value) != len(structure):
            raise TypeError("Can not cast %r to %r" % (value, structure))
        for s, x in zip(structure, value):
            _bind_flat(s, x, out)
    elif structure != value:
        raise TypeError("Can not cast %r to Literal[%r]" % (value, structure))


class _RestoredConcreteFunction:
    """A concrete function of a loaded SavedModel: its FunctionDef, fed its bound inputs."""

    def __init__(self, model, name, bound, input_signature, output_signature):
        self._model = model
        self._fname = name
        self._bound = bound
        self._input_encoded = input_signature
        self._output_encoded = output_signature

    @property
    def name(self):
        return self._fname

    @property
    def structured_input_signature(self):
        return _sm_decode(self._input_encoded)

    @property
    def structured_outputs(self):
        structure = _sm_decode(self._output_encoded)
        nodes, rets = self._model._body(self._fname)
        names = iter(["%s:%d" % (nodes[p][5], o) for p, o in rets])
        return nest.map_structure(lambda s: _RestoredOutput(next(names), s) if isinstance(s, TensorSpec) else s,
                                  structure)

    @property
    def captured_inputs(self):
        return [self._model._objects[i] for i in self._bound]

    def _bind(self, args, kwargs):
        # the flat tensors for a call, or TypeError
        pos, kw = self.structured_input_signature
        if len(args) > len(pos):
            raise TypeError("takes %d positional arguments but %d were given" % (len(pos), len(args)))
        names = [getattr(s, "name", None) for s in pos]
        values = list(args)
        for i in _pyrange(len(args), len(pos)):
            name = names[i]
            if name is None or name not in kwargs:
                raise TypeError("missing a required argument: %r" % (name or i))
            values.append(kwargs[name])
        extra = [k for k in kwargs if k not in names[len(args):] and k not in kw]
        if extra:
            raise TypeError("got an unexpected keyword argument %r" % extra[0])
        flat = []
        _bind_flat(_pytuple(pos), _pytuple(values), flat)
        for k in sorted(kw):
            _bind_flat(kw[k], kwargs[k], flat)
        return flat

    def _call_flat(self, flat):
        outs = self._model._run(self._fname, list(flat) + self.captured_inputs)
        structure = _sm_decode(self._output_encoded)
        it = iter(outs)
        return nest.map_structure(lambda s: next(it) if isinstance(s, TensorSpec) else s, structure)

    def __call__(self, *args, **kwargs):
        return self._call_flat(self._bind(args, kwargs))

    def __repr__(self):
        return "<ConcreteFunction %s at 0x%X>" % (self._fname, id(self))


class RestoredFunction:
    """A tf.function of a loaded SavedModel: calls the concrete function its arguments match."""
    __module__ = "tensorflow.python.saved_model.function_deserialization"

    def __init__(self, model, names, input_signature, fullargspec):
        self._model = model
        self._names = names
        self._input_encoded = input_signature
        self._argspec = fullargspec

    @property
    def concrete_functions(self):
        return [self._model._concrete(n) for n in self._names]

    @property
    def input_signature(self):
        return _sm_decode(self._input_encoded)

    def get_concrete_function(self, *args, **kwargs):
        fns = self.concrete_functions
        if not args and not kwargs and len(fns) == 1:
            return fns[0]
        for cf in fns:
            try:
                cf._bind(args, kwargs)
                return cf
            except TypeError:
                pass
        raise ValueError(self._no_match(args, kwargs))

    def _no_match(self, args, kwargs):
        def shown(x):
            if _core.is_tensor(x):
                return "<tf.Tensor 'x:0' shape=%s dtype=%s>" % (x.shape, x.dtype.name)
            return repr(x)
        lines = ["Could not find matching concrete function to call loaded from the SavedModel. Got:",
                 "  Positional arguments (%d total):" % len(args)]
        lines += ["    * %s" % shown(x) for x in args]
        lines += ["  Keyword arguments: %r" % (kwargs,), "",
                  " Expected these arguments to match one of the following %d option(s):" % len(self._names), ""]
        for i, cf in enumerate(self.concrete_functions):
            pos, kw = cf.structured_input_signature
            lines += ["Option %d:" % (i + 1), "  Positional arguments (%d total):" % len(pos)]
            lines += ["    * %r" % (s,) for s in pos]
            lines += ["  Keyword arguments: %r" % (kw,)]
            if i + 1 < len(self._names):
                lines.append("")
        return "\n".join(lines)

    def __call__(self, *args, **kwargs):
        sig = self.input_signature
        fns = self.concrete_functions
        if sig is not None and len(fns) == 1:
            try:
                flat = fns[0]._bind(args, kwargs)
            except TypeError as e:
                params = ", ".join("%s: %r" % (n, s) for n, s in zip(self._argspec.get("args") or [], sig))
                raise TypeError("Binding inputs to tf.function failed due to `%s`. Received args: %r and kwargs: %r "
                                "for signature: (%s)." % (e, _pytuple(args), kwargs, params)) from None
            return fns[0]._call_flat(flat)
        for cf in fns:
            try:
                flat = cf._bind(args, kwargs)
            except TypeError:
                continue
            return cf._call_flat(flat)
        raise ValueError(self._no_match(args, kwargs))


class _SavedModelFunctions:
    """A loaded SavedModel's library: its functions run on the executor, or op by op where a
    gradient tape or a trace must see the ops (the body interpreted here, control flow included)."""

    def __init__(self, handle, concrete, gradients):
        self._handle = handle
        self._encoded = concrete
        self._gradients = gradients
        self._objects = []
        self._concretes = {}
        self._bodies = {}

    def _concrete(self, name):
        cf = self._concretes.get(name)
        if cf is None:
            bound, insig, outsig = self._encoded[name]
            cf = self._concretes[name] = _RestoredConcreteFunction(self, name, bound, insig, outsig)
        return cf

    def _body(self, name):
        b = self._bodies.get(name)
        if b is None:
            b = self._bodies[name] = _core.saved_model_fn_body(self._handle, name)
        return b

    def _run(self, name, inputs):
        outs = _core.saved_model_fn_run(self._handle, name, inputs)
        if outs is not None:
            return outs
        if _core.tracing():
            try:
                return _core.saved_model_fn_call(self._handle, name, inputs)
            except NotImplementedError:
                return self._interpret(name, inputs)
        # under a tape: as TF records the call with its captured variables as inputs, one the
        # body did not read (a branch not taken) gets zeros
        before = _core.tape_record_counts()
        outs = self._interpret(name, inputs)
        _core.tape_link_unread(before, [x for x in inputs if _core.is_variable(x)], outs)
        return outs

    def _interpret(self, name, inputs):
        nodes, rets = self._body(name)
        if _pymax([arg for _, _, arg, _, _, _ in nodes] + [-1]) >= len(inputs):
            raise TypeError("function %r takes more than the %d inputs given" % (name, len(inputs)))
        values = [None] * len(nodes)
        for i, (op, ins, arg, funcs, grad_type, _) in enumerate(nodes):
            if op == "_Arg":
                values[i] = [inputs[arg]]
                continue
            args = [values[p][o] for p, o in ins]
            values[i] = self._node(name, i, op, args, funcs, grad_type)
        return [values[p][o] for p, o in rets]

    def _node(self, name, i, op, args, funcs, grad_type):
        if op in ("_Retval", "NoOp"):
            return []
        if op in ("Identity", "IdentityN"):
            if grad_type is not None and grad_type in self._gradients:
                return self._custom_gradient(args, self._gradients[grad_type])
            return list(args)
        if args and _core.is_variable(args[0]):
            v = args[0]
            if op == "ReadVariableOp":
                return [v.value()]
            if op in ("AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp"):
                {"AssignVariableOp": v.assign, "AssignAddVariableOp": v.assign_add,
                 "AssignSubVariableOp": v.assign_sub}[op](args[1])
                return []
        if op in ("PartitionedCall", "StatefulPartitionedCall"):
            return self._interpret(funcs["f"], args)
        if op in ("If", "StatelessIf"):
            then_f, else_f, rest = funcs["then_branch"], funcs["else_branch"], args[1:]
            if _core.is_tensor(args[0]):
                return self._interpret(then_f if _pybool(args[0]) else else_f, rest)
            return cond(args[0], lambda: self._interpret(then_f, rest), lambda: self._interpret(else_f, rest))
        if op in ("While", "StatelessWhile"):
            return self._while(funcs["cond"], funcs["body"], args)
        return _core.saved_model_node_run(self._handle, name, i, args)

    def _while(self, cond_f, body_f, args):
        if not _core.tracing():
            loop = list(args)
            while _pybool(self._interpret(cond_f, loop)[0]):
                loop = self._interpret(body_f, loop)
            return loop
        # in a trace: a While of the tensors; variables (resources) pass through the body as they are
        tensor_at = [i for i, x in enumerate(args) if not _core.is_variable(x)]

        def full(ts):
            loop = list(args)
            for i, t in zip(tensor_at, ts):
                loop[i] = t
            return loop

        out = while_loop(lambda *ts: self._interpret(cond_f, full(ts))[0],
                         lambda *ts: [self._interpret(body_f, full(ts))[i] for i in tensor_at],
                         [args[i] for i in tensor_at])
        return full(out if isinstance(out, (list, _pytuple)) else [out])

    def _custom_gradient(self, args, grad_name):
        # a saved tf.custom_gradient: the step's gradient is the saved gradient function, fed the
        # upstream gradients of every output; its results are the inputs' gradients (None: none)
        outs = list(args)
        grad_cf = self._concrete(grad_name)

        def grad_fn(*upstream):
            up = [u if u is not None else zeros_like(o) for u, o in zip(upstream, outs)]
            return list(grad_cf._call_flat(up))

        return list(_core.tape_custom(outs, list(args), grad_fn))


def _user_object_class():
    # TF revives each user object as an instance of its own class (so __call__ can be set on it)
    class _UserObject:
        __module__ = "tensorflow.python.saved_model.load"

        def __repr__(self):
            return "<tensorflow.python.saved_model.load.Loader._recreate_base_user_object.<locals>._UserObject " \
                   "object at 0x%x>" % id(self)
    return _UserObject


def _revive(handle, data, signatures):
    nodes, concrete, gradients, tf_version, tf_git_version = data
    model = _SavedModelFunctions(handle, concrete, gradients)
    objects = [None] * len(nodes)
    for i, (kind, children, details) in enumerate(nodes):
        if kind == "user_object" and details != "signature_map":
            objects[i] = _user_object_class()()
        elif kind == "variable":
            name, dtype, shape, trainable = details
            value = _core.saved_model_variable(handle, i)
            if value is None:
                value = zeros([0 if d is None else d for d in (shape or [])], as_dtype(dtype))
            objects[i] = Variable(value, name=name, trainable=trainable)
        elif kind == "constant":
            objects[i] = _core.saved_model_constant(handle, details)
        elif kind == "function":
            names, input_signature, argspec, _ = details
            try:
                argspec = _sm_decode(argspec) or {}
            except ValueError:
                argspec = {}
            objects[i] = RestoredFunction(model, names, input_signature, argspec)
        elif kind == "bare_concrete_function" and details[0] in concrete:
            objects[i] = model._concrete(details[0])
    model._objects = objects
    for i, (kind, children, details) in enumerate(nodes):
        obj = objects[i]
        if kind != "user_object" or obj is None:
            continue
        for name, child in children:
            if nodes[child][2] == "signature_map" or objects[child] is None:
                continue
            if name == "__call__":
                setattr(type(obj), "__call__", lambda self, *a, _f=objects[child], **k: _f(*a, **k))
            setattr(obj, name, objects[child])
    root = objects[0]
    if root is None:
        return None
    root.signatures = signatures
    root.tensorflow_version = tf_version
    root.tensorflow_git_version = tf_git_version
    root.graph_debug_info = None
    return root


# ----- a tf.Module's TF2 object graph, written ---------------------------------------------------
def _sm_encode(v):
    # Python values -> the tagged tuples _core.saved_model_object_graph encodes (TF's StructuredValue)
    if v is None:
        return ("none",)
    if _core.is_tensor(v) or _core.is_symbolic(v):
        v = TensorSpec(v.shape, v.dtype)
    if isinstance(v, TensorSpec):
        shape = None if v.shape.rank is None else v.shape.as_list()
        return ("spec", v.name or "", v.dtype.name, shape)
    if isinstance(v, dict):
        return ("dict", [(str(k), _sm_encode(x)) for k, x in sorted(v.items())])
    if isinstance(v, list):
        return ("list", [_sm_encode(x) for x in v])
    if isinstance(v, _pytuple):
        return ("tuple", [_sm_encode(x) for x in v])
    if isinstance(v, (_pybool, _pyint, _pyfloat, str)):
        return ("value", v)
    raise ValueError("tf.saved_model.save cannot write %r in a function signature" % (v,))


class _SignatureMapNode:
    """The root's `signatures` child: the signature functions by key (TF's _SignatureMap)."""

    def __init__(self, functions):
        self.functions = functions


def _class_function(cls, name):
    for base in cls.__mro__:
        if name in base.__dict__:
            attr = base.__dict__[name]
            return attr if isinstance(attr, Function) else None
    return None


def _save_children(obj):
    # TF's order: tracked attributes in assignment order, then the class's tf.functions by name
    if isinstance(obj, _SignatureMapNode):
        return sorted(obj.functions.items())
    if isinstance(obj, Function):
        return [("trace_%d" % i, cf) for i, cf in enumerate(_saved_concretes(obj))]
    if _core.is_variable(obj) or isinstance(obj, ConcreteFunction):
        return []
    if isinstance(obj, (list, _pytuple)):
        return [(str(i), v) for i, v in enumerate(obj) if _is_trackable(v) or isinstance(v, Function)]
    if isinstance(obj, dict):
        return [(str(k), v) for k, v in obj.items() if _is_trackable(v) or isinstance(v, Function)]
    items = [(k, v) for k, v in vars(obj).items()
             if not k.startswith("__") and (_is_trackable(v) or isinstance(v, Function))]
    for name in sorted(dir(type(obj))):
        if _class_function(type(obj), name) is not None and name not in vars(obj):
            items.append((name, getattr(obj, name)))
    return items


def _saved_concretes(fn):
    # the concrete functions a tf.function is saved with: its traces (one for its input signature)
    handles = _core.fn_concretes(fn._state)
    if not handles and fn.input_signature is not None:
        # the trace the save makes (the signature's), not one of the function's own
        return [_signature_function(fn)]
    out = []
    for h in handles:
        name = _core.concrete_graph(h)[0]
        cf = fn._concrete_cache.get(name)
        if cf is None:
            cf = fn._concrete_cache[name] = ConcreteFunction(h, fn)
        out.append(cf)
    return out


def _param_names(cf):
    pos, _ = cf.structured_input_signature
    return [getattr(s, "name", None) or "arg_%d" % i for i, s in enumerate(pos)]


def _signature_wrapper(key, cf, input_names, output_names):
    # TF's signature function: keyword tensors in, a dict of named outputs out (the arguments
    # positional in name order, as a dict of keyword arguments flattens)
    structure = cf.structured_input_signature[0]
    specs = _nest_flatten(structure)
    order = sorted(_pyrange(len(input_names)), key=lambda i: input_names[i])
    sorted_specs = [TensorSpec(specs[i].shape, specs[i].dtype, name=input_names[i]) for i in order]

    def signature_wrapper(inputs):
        flat = [None] * len(order)
        for j, i in enumerate(order):
            flat[i] = inputs[j]
        outs = _nest_flatten(cf(*_nest_pack(_pytuple(structure), flat)))
        return {n: t for n, t in zip(output_names, outs)}

    name = "signature_wrapper_" + getattr(cf._function, "_name", key)
    wrapper = Function(signature_wrapper, name, [sorted_specs], autograph=False).get_concrete_function()
    return wrapper, [input_names[i] for i in order], sorted_specs


def _object_graph_save(obj, entries, custom_gradients):
    """The object graph, checkpoint and extra library of a tf.Module's SavedModel; returns
    (entries with TF's signature wrappers, saved_model_build's extra arguments, checkpoint)."""
    signature_fns, wrapped_entries, wrapper_specs = {}, [], {}
    for key, cf, input_names, output_names in entries:
        wrapper, names, specs = _signature_wrapper(key, cf, input_names, output_names)
        signature_fns[key] = wrapper
        wrapper_specs[wrapper._name_str] = specs
        wrapped_entries.append((key, wrapper, names, _signature_output_names(wrapper)))
    order, paths, refs, index = [obj], [""], [], {id(obj): 0}
    i = 0
    while i < len(order):
        node = order[i]
        children = _save_children(node)
        if i == 0:
            children.append(("signatures", _SignatureMapNode(signature_fns)))
        node_refs = []
        for name, child in children:
            key = ("cf", child._name_str) if isinstance(child, ConcreteFunction) else id(child)
            if key not in index:
                index[key] = len(order)
                order.append(child)
                local = _escape_local(name)
                paths.append(local if not paths[i] else paths[i] + "/" + local)
            node_refs.append((name, index[key]))
        refs.append(node_refs)
        i += 1
    variables = [o for o in order if _core.is_variable(o)]
    var_node = {id(o): n for n, o in enumerate(order) if _core.is_variable(o)}
    nodes, ckpt_tensors, ckpt_nodes, concretes, saved_cfs, constants = [], [], [], [], [], []
    for n, o in enumerate(order):
        attrs = []
        if isinstance(o, _SignatureMapNode):
            nodes.append(("user_object", refs[n], "signature_map"))
        elif _core.is_variable(o):
            key = paths[n] + _ATTR_SUFFIX
            name = o.name[:-2] if o.name.endswith(":0") else o.name
            ckpt_tensors.append((key, o))
            attrs.append(("VARIABLE_VALUE", name, key))
            nodes.append(("variable", [], (name, o.dtype.name, o.shape.as_list(), o.trainable)))
        elif isinstance(o, Function):
            cfs = _saved_concretes(o)
            sig = o.input_signature
            args = _param_names(cfs[0]) if cfs else []
            nodes.append(("function", refs[n], ([cf._name_str for cf in cfs],
                                                _sm_encode(None if sig is None else _pytuple(sig)), args)))
        elif isinstance(o, ConcreteFunction):
            saved_cfs.append(o)
            if o._name_str in wrapper_specs:
                specs = wrapper_specs[o._name_str]
                nodes.append(("bare_concrete_function", [], (o._name_str, [s.name for s in specs],
                                                             1 if len(specs) == 1 else 0)))
            else:
                args = _param_names(o)
                nodes.append(("bare_concrete_function", [], (o._name_str, args, len(args))))
        elif isinstance(o, (list, _pytuple)):
            nodes.append(("user_object", refs[n], "trackable_list_wrapper"))
        elif isinstance(o, dict):
            nodes.append(("user_object", refs[n], "trackable_dict_wrapper"))
        else:
            nodes.append(("user_object", refs[n], "_generic_user_object"))
        ckpt_nodes.append((refs[n], attrs))
    gradients = []
    if custom_gradients:
        seen = set()
        for cf in _pylist(saved_cfs):
            for op_type in _core.concrete_gradient_op_types(cf._handle):
                if op_type in seen or op_type not in _custom_gradients:
                    continue
                seen.add(op_type)
                grad_cf = _trace_saved_gradient(op_type)
                saved_cfs.append(grad_cf)
                gradients.append((op_type, grad_cf._name_str))

    def bound_inputs(cf):
        ids = []
        captured = cf.captured_inputs
        for j, v in enumerate(_core.concrete_capture_variables(cf._handle, variables)):
            if v >= 0:
                ids.append(var_node[id(variables[v])])
                continue
            if captured[j].dtype.name == "resource":
                raise AssertionError(
                    "Tried to export a function which references an 'untracked' resource. TensorFlow objects "
                    "(e.g. tf.Variable) captured by functions must be 'tracked' by assigning them to an attribute "
                    "of a tracked object or assigned to an attribute of the main object directly. See the "
                    "information below:\n\tFunction name = %s" % cf._name_str)
            op = "Const" if not constants else "Const_%d" % len(constants)
            constants.append((op, captured[j]))
            ids.append(len(nodes))
            nodes.append(("constant", [], op))
            ckpt_nodes.append(([], []))
        return ids

    for cf in saved_cfs:
        if cf._name_str in wrapper_specs:
            insig = ((), {s.name: s for s in wrapper_specs[cf._name_str]})
        elif cf._name_str in _saved_gradient_specs:
            insig = ((None,) + _pytuple(_saved_gradient_specs[cf._name_str]), {})
        else:
            insig = cf.structured_input_signature
        concretes.append((cf._name_str, bound_inputs(cf), _sm_encode(insig), _sm_encode(cf.structured_outputs)))
    graph = _core.saved_model_object_graph(nodes, concretes)
    extra = (graph, [cf._handle for cf in saved_cfs], constants, gradients)
    return wrapped_entries, extra, (ckpt_tensors, ckpt_nodes), variables


_saved_gradient_specs = {}  # gradient function name -> the specs of the upstream gradients it takes


def _trace_saved_gradient(op_type):
    # the registered custom gradient traced over its upstream gradients (TF's internal_grad_fn)
    all_grads, outputs = _custom_gradients[op_type]
    specs = [TensorSpec(shape, dtype, name="result_grads_%d" % k) for k, (shape, dtype) in enumerate(outputs)]

    def internal_grad_fn(result_grads):
        return list(all_grads(*result_grads))

    try:
        cf = Function(internal_grad_fn, "internal_grad_fn", [specs], autograph=False).get_concrete_function()
    except Exception as e:
        raise ValueError("Error when tracing gradients for SavedModel.\n\nCheck the error log to see the error that "
                         "was raised when converting a gradient function to a concrete function. You may need to "
                         "update the custom gradient, or disable saving gradients with the option "
                         "tf.saved_model.SaveOptions(experimental_custom_gradients=False).\n\tProblematic op type: "
                         "%s (%s)" % (op_type, e)) from e
    _saved_gradient_specs[cf._name_str] = specs
    return cf


class SaveOptions:
    """tf.saved_model.SaveOptions: the options GraphLens's writer follows (custom gradients)."""

    def __init__(self, namespace_whitelist=None, save_debug_info=False, function_aliases=None,
                 experimental_debug_stripper=False, experimental_io_device=None, experimental_variable_policy=None,
                 experimental_custom_gradients=True, experimental_image_format=False,
                 experimental_skip_saver=False, experimental_sharding_callback=None, extra_tags=None):
        self.experimental_custom_gradients = experimental_custom_gradients
        self.save_debug_info = save_debug_info
        self.function_aliases = function_aliases
