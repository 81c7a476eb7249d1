# tf.keras for GraphLens, part 6: keras.saving's object registry and (de)serialisation of Keras
# objects as Keras 3 writes them ({'module', 'class_name', 'config', 'registered_name'}). Only the
# `keras` package has `saving` (tf.keras in TF 2.21 does not). Then model files: .keras archives,
# .weights.h5 files and legacy .h5 models (below).

_custom_objects = {}   # registered name ("package>Name") -> class or function
_custom_names = {}     # class or function -> registered name
_custom_scopes = []    # dicts of custom_object_scope blocks, innermost last


def _register_keras_serializable(package="Custom", name=None):
    def decorator(arg):
        class_name = name if name is not None else arg.__name__
        if isinstance(arg, type) and not hasattr(arg, "get_config"):
            raise ValueError("Cannot register a class that does not have a get_config() method.")
        registered = package + ">" + class_name
        _custom_objects[registered] = arg
        _custom_names[arg] = registered
        return arg
    return decorator


def _get_custom_objects():
    return _custom_objects


def _get_registered_name(obj):
    return _custom_names.get(obj, obj.__name__)


def _get_registered_object(name, custom_objects=None, module_objects=None):
    for scope in reversed(_custom_scopes):
        if name in scope:
            return scope[name]
    if name in _custom_objects:
        return _custom_objects[name]
    if custom_objects and name in custom_objects:
        return custom_objects[name]
    if module_objects and name in module_objects:
        return module_objects[name]
    return None


class CustomObjectScope:
    def __init__(self, custom_objects):
        self.custom_objects = dict(custom_objects or {})

    def __enter__(self):
        _custom_scopes.append(self.custom_objects)
        return self

    def __exit__(self, *exc):
        _custom_scopes.pop()
        return False


# The namespaces Keras's own serialisable classes live in, by module name.
_keras_modules = [("keras.regularizers", regularizers), ("keras.initializers", initializers),
                  ("keras.layers", layers), ("keras.losses", _keras3_losses), ("keras.metrics", _keras3_metrics),
                  ("keras.optimizers", optimizers), ("keras.callbacks", callbacks)]


def _module_of(cls):
    for module, ns in _keras_modules:
        if getattr(ns, cls.__name__, None) is cls:
            return module
    return None


def _serialize_keras_object(obj):
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, (list, tuple)):
        return [_serialize_keras_object(x) for x in obj]
    if isinstance(obj, dict):
        return {k: _serialize_keras_object(v) for k, v in obj.items()}
    cls = type(obj)
    module = _module_of(cls)
    registered = None if module is not None else _custom_names.get(cls, cls.__name__)
    return {"module": module, "class_name": cls.__name__, "config": obj.get_config(), "registered_name": registered}


def _deserialize_keras_object(config, custom_objects=None, safe_mode=True, **kwargs):
    if config is None or isinstance(config, (bool, int, float)):
        return config
    if isinstance(config, str):
        found = _get_registered_object(config, custom_objects)
        return found if found is not None else config
    if isinstance(config, (list, tuple)):
        return [_deserialize_keras_object(x, custom_objects) for x in config]
    if not isinstance(config, dict) or "class_name" not in config:
        raise TypeError(f"Could not parse config: {config}")
    class_name = config["class_name"]
    cls = None
    if config.get("registered_name"):
        cls = _get_registered_object(config["registered_name"], custom_objects)
    if cls is None:
        cls = _get_registered_object(class_name, custom_objects)
    if cls is None:
        for module, ns in _keras_modules:
            if config.get("module") in (None, module) and hasattr(ns, class_name):
                cls = getattr(ns, class_name)
                break
    if cls is None:
        raise TypeError(f"Could not locate class '{class_name}'. Make sure custom classes are decorated with "
                        f"`@keras.saving.register_keras_serializable()`. Full object config: {config}")
    return cls.from_config(config.get("config", {}))


_keras3_saving = _Namespace(register_keras_serializable=_register_keras_serializable,
                            get_custom_objects=_get_custom_objects, get_registered_name=_get_registered_name,
                            get_registered_object=_get_registered_object, CustomObjectScope=CustomObjectScope,
                            custom_object_scope=CustomObjectScope, serialize_keras_object=_serialize_keras_object,
                            deserialize_keras_object=_deserialize_keras_object)


# ----- model files ------------------------------------------------------------------------------
# `.keras` archives (zip: metadata.json, config.json, model.weights.h5) and `.weights.h5` files as
# Keras 3's saving_lib writes them: one HDF5 group per saveable object (`layers/dense/vars`, with
# the object's name as the `name` attribute) holding its own variables as datasets "0", "1", ...
# The bytes are made and parsed natively (_core.h5_* / zip_*); the files are read and written
# with open(), inside the script's sandbox.
import json as _json
import sys as _sys
import time as _time


def _absl_warning(message):
    # what absl's Python logging writes before it is initialised (Keras logs through it)
    _sys.stderr.write("WARNING:absl:" + message + "\n")


def _fspath(p):
    if isinstance(p, str):
        return p
    if hasattr(p, "__fspath__"):
        return p.__fspath__()
    return str(p)


def _read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


def _write_bytes(path, data):
    with open(path, "wb") as f:
        f.write(data)


def _activation_name(fn):
    for k, v in _activation_names.items():
        if v is fn:
            return k
    if fn is _act_softmax:
        return "softmax"
    if fn in _custom_names:
        return _serialize_keras_object_fn(fn)
    return getattr(fn, "__name__", "linear")


def _serialize_keras_object_fn(fn):
    registered = _custom_names.get(fn, fn.__name__)
    return {"module": "builtins", "class_name": "function", "config": registered, "registered_name": "function"}


# Keras's own get_config key order (and defaults of arguments we do not model) for built-in
# layers whose config is not just their constructor's parameters.
_CONV_KEYS = ("filters", "kernel_size", "strides", "padding", ("data_format", "channels_last"), "dilation_rate",
              ("groups", 1), "activation", "use_bias", "kernel_initializer", "bias_initializer",
              ("kernel_regularizer", None), ("bias_regularizer", None), ("activity_regularizer", None),
              ("kernel_constraint", None), ("bias_constraint", None))
_CONFIG_KEYS = {
    "Conv1D": _CONV_KEYS,
    "Conv2D": _CONV_KEYS,
    "LayerNormalization": ("axis", "epsilon", "center", "scale", "rms_scaling", "beta_initializer",
                           "gamma_initializer", ("beta_regularizer", None), ("gamma_regularizer", None),
                           ("beta_constraint", None), ("gamma_constraint", None)),
}
_SKIP = object()


def _config_value(name, v):
    if name == "activation" and callable(v):
        return _activation_name(v)
    if isinstance(v, (Initializer, Regularizer)):
        return _serialize_keras_object(v)
    if v is None or isinstance(v, (bool, int, float, str, list, dict, tuple)):
        return v
    return _SKIP


def _default_layer_config(layer):
    # A config for layers whose class has no get_config of its own: Keras's base keys, then the
    # constructor's parameters that the layer keeps as attributes of the same name.
    cfg = _base_layer_get_config(layer)
    keys = _CONFIG_KEYS.get(type(layer).__name__) if _module_of(type(layer)) is not None else None
    if keys is not None:
        for key in keys:
            name, default = key if isinstance(key, tuple) else (key, None)
            v = _config_value(name, layer.__dict__[name]) if name in layer.__dict__ else default
            cfg[name] = default if v is _SKIP else v
        return cfg
    fp = _core.func_params(type(layer).__init__)
    names = fp[0][1:] if fp is not None else []
    for n in names:
        if n in ("name", "trainable", "dtype", "kwargs"):
            continue
        if n not in layer.__dict__:
            continue
        v = _config_value(n, layer.__dict__[n])
        if v is not _SKIP:
            cfg[n] = v
    if isinstance(layer, Dense):
        for k in ("kernel_regularizer", "bias_regularizer"):
            cfg.setdefault(k, None)
        for k in ("kernel_constraint", "bias_constraint", "quantization_config"):
            cfg[k] = None
    return cfg


def _layer_config(layer):
    if isinstance(layer, InputLayer):
        return {"batch_shape": list(layer.batch_shape), "dtype": layer.output.dtype.name, "sparse": False,
                "ragged": False, "name": layer.name, "optional": False}
    if type(layer).get_config is Layer.get_config:
        return _default_layer_config(layer)
    return layer.get_config()


def _has_own_build(layer):
    for c in type(layer).__mro__:
        if c is Layer:
            return False
        if "build" in c.__dict__:
            return True
    return False


def _serialize_layer(layer):
    cls = type(layer)
    module = _module_of(cls)
    out = {"module": module, "class_name": cls.__name__, "config": _layer_config(layer),
           "registered_name": None if module is not None else _custom_names.get(cls, cls.__name__)}
    if not isinstance(layer, InputLayer) and _has_own_build(layer) and layer._in_shape is not None:
        out["build_config"] = {"input_shape": _shape_list(layer._in_shape)}
    return out


def _shape_list(s):
    if isinstance(s, (tuple, list)) and all(d is None or isinstance(d, int) for d in s):
        return list(s)
    if isinstance(s, (tuple, list)):
        return [_shape_list(x) for x in s]
    return s


def _is_functional(model):
    return "_fn_nodes" in model.__dict__


def _functional_config(model):
    where = {}   # id(KerasTensor) -> [layer name, node index, tensor index]
    nodes = {}   # id(layer) -> list of (args, kwargs)
    for i in _tf.nest.flatten(model._fn_inputs):
        where[id(i)] = [i._history[0].name, 0, 0]
    for layer, args, kwargs, out in model._fn_nodes:
        lst = nodes.setdefault(id(layer), [])
        for k, t in enumerate(_tf.nest.flatten(out)):
            where[id(t)] = [layer.name, len(lst), k]
        lst.append((args, kwargs))

    def enc(x):
        if isinstance(x, KerasTensor):
            return {"class_name": "__keras_tensor__",
                    "config": {"shape": list(x.shape), "dtype": x.dtype.name, "keras_history": where[id(x)]}}
        if isinstance(x, (list, tuple)):
            return [enc(v) for v in x]
        if isinstance(x, dict):
            return {k: enc(v) for k, v in x.items()}
        return x
    layers = []
    for layer in model.layers:
        d = _serialize_layer(layer)
        d["name"] = layer.name
        d["inbound_nodes"] = [{"args": enc(list(a)), "kwargs": enc(dict(kw))} for a, kw in nodes.get(id(layer), [])]
        layers.append(d)

    def ends(ts):
        flat = [where[id(t)] for t in _tf.nest.flatten(ts)]
        return flat[0] if isinstance(ts, KerasTensor) else flat
    return {"name": model.name, "trainable": model.trainable, "layers": layers,
            "input_layers": ends(model._fn_inputs), "output_layers": ends(model._fn_outputs)}


def _model_get_config(self):
    if isinstance(self, Sequential):
        layers = []
        if self._input_kt is not None:
            layers.append(_serialize_layer(self._input_kt._history[0]))
        layers += [_serialize_layer(l) for l in self._layers_list]
        cfg = Layer.get_config(self)
        cfg["layers"] = layers
        if self._in_shape is not None:
            cfg["build_input_shape"] = _shape_list(self._in_shape)
        return cfg
    if _is_functional(self):
        return _functional_config(self)
    return Layer.get_config(self)


def _plain_config(config, custom_objects=None):
    # Nested Keras objects of a layer config (initializers, regularizers, a registered activation)
    # as objects, for layer classes that take them as constructor arguments.
    out = {}
    for k, v in config.items():
        if isinstance(v, dict) and "class_name" in v and k != "dtype":
            if v.get("class_name") == "function":
                found = _get_registered_object(v.get("config"), custom_objects)
                v = found if found is not None else v.get("config")
            else:
                v = _deserialize_keras_object(v, custom_objects)
        elif isinstance(v, str) and k == "activation" and v not in _activation_names:
            found = _get_registered_object(v, custom_objects)
            v = found if found is not None else v
        out[k] = v
    if config.get("quantization_config", 0) is None:
        del out["quantization_config"]
    for k in ("kernel_constraint", "bias_constraint"):
        if k in out and out[k] is None:
            del out[k]
    return out


def _constructor_config(cls, config, custom_objects=None):
    # A config as constructor arguments: keys Keras writes that our class does not take are left
    # out while they hold Keras's default (any other value reaches the constructor, which refuses it).
    out = _plain_config(config, custom_objects)
    keys = _CONFIG_KEYS.get(cls.__name__) if _module_of(cls) is not None else None
    if keys is not None:
        fp = _core.func_params(cls.__init__)
        takes = fp[0] if fp is not None else []
        for key in keys:
            if isinstance(key, tuple) and key[0] in out and key[0] not in takes and out[key[0]] == key[1]:
                del out[key[0]]
    return out


def _deserialize_layer(lc, custom_objects=None):
    cls = None
    if lc.get("registered_name"):
        cls = _get_registered_object(lc["registered_name"], custom_objects)
    if cls is None:
        cls = _get_registered_object(lc["class_name"], custom_objects)
    if cls is None:
        cls = getattr(layers, lc["class_name"], None)
    if cls is not None and isinstance(cls, type) and issubclass(cls, Layer) and \
            getattr(cls.from_config, "__func__", None) is getattr(Layer.from_config, "__func__", 0):
        layer = cls(**_constructor_config(cls, lc.get("config", {}), custom_objects))
    else:
        layer = _deserialize_keras_object(lc, custom_objects)
    bc = lc.get("build_config")
    if bc and bc.get("input_shape") is not None and not layer.built:
        shape = tuple(bc["input_shape"])
        _path_scope.append(layer.name)
        try:
            layer.build(shape)
        finally:
            _path_scope.pop()
        layer.__dict__["built"] = True
        layer.__dict__["_in_shape"] = shape
    return layer


def _sequential_from_config(config, custom_objects=None):
    model = Sequential(name=config.get("name"))
    for lc in config.get("layers", []):
        if lc.get("class_name") == "InputLayer":
            c = lc["config"]
            model.add(InputLayer(batch_shape=tuple(c["batch_shape"]), dtype=c.get("dtype"), name=c.get("name")))
        else:
            model.add(_deserialize_layer(lc, custom_objects))
    if model._input_kt is None and config.get("build_input_shape"):
        model.build(tuple(config["build_input_shape"]))
    return model


def _functional_from_config(config, custom_objects=None, cls=None):
    outs = {}  # layer name -> outputs of each of its nodes

    def ref(h):
        return _tf.nest.flatten(outs[h[0]][h[1]])[h[2]]

    def dec(x):
        if isinstance(x, dict) and x.get("class_name") == "__keras_tensor__":
            return ref(x["config"]["keras_history"])
        if isinstance(x, list):
            return [dec(v) for v in x]
        if isinstance(x, dict):
            return {k: dec(v) for k, v in x.items()}
        return x
    for lc in config["layers"]:
        name = lc.get("name", lc["config"].get("name"))
        if lc["class_name"] == "InputLayer":
            c = lc["config"]
            outs[name] = [Input(batch_shape=tuple(c["batch_shape"]), dtype=c.get("dtype"), name=c.get("name"))]
            continue
        layer = _deserialize_layer(lc, custom_objects)
        outs[name] = []
        for node in lc.get("inbound_nodes", []):
            args = dec(node.get("args", []))
            kwargs = dec(node.get("kwargs", {}))
            outs[name].append(layer(*args, **kwargs))

    def ends(spec):
        if spec and isinstance(spec[0], str):
            return ref(spec)
        return [ref(s) for s in spec]
    return (cls or Functional)(ends(config["input_layers"]), ends(config["output_layers"]), name=config.get("name"))


class Functional(Model):
    # What keras.Model(inputs, outputs) is in Keras 3; GraphLens makes it for loaded functional models.
    pass


def _model_from_config(cls, config, custom_objects=None):
    if "layers" in config and "input_layers" in config:
        return _functional_from_config(config, custom_objects, cls if cls not in (Sequential, Model) else None)
    if cls is Sequential or (cls is Model and "layers" in config):
        return _sequential_from_config(config, custom_objects)
    return cls(**config)


_plain_maybe_build = Layer._maybe_build


def _recording_maybe_build(self, input_shape):
    # the shape a layer was first built for: its build_config when saved (Keras's build shapes)
    if not self.built:
        self.__dict__["_build_input_shape"] = input_shape
    _plain_maybe_build(self, input_shape)


Layer._maybe_build = _recording_maybe_build
Model.get_config = _model_get_config
_base_layer_get_config = Layer.get_config


def _layer_get_config(self):
    # Keras 3's Layer.get_config: a class that does not define its own gets its constructor's
    # arguments (Keras's auto-config); one that does gets only the base keys from super().
    if type(self).get_config is _layer_get_config:
        return _default_layer_config(self)
    return _base_layer_get_config(self)


def _layer_from_config(cls, config):
    return cls(**_constructor_config(cls, config))


Layer.get_config = _layer_get_config
Layer.from_config = classmethod(_layer_from_config)
Model.from_config = classmethod(_model_from_config)


def _model_to_json(self, **kwargs):
    return _json.dumps(_serialize_model(self, False), **kwargs)


def _serialize_model(model, compile_info=True):
    cls = type(model)
    if isinstance(model, Sequential) and cls is Sequential:
        out = {"module": "keras", "class_name": "Sequential", "config": model.get_config(), "registered_name": None}
    elif _is_functional(model) and cls in (Model, Functional):
        out = {"module": "keras.src.models.functional", "class_name": "Functional", "config": model.get_config(),
               "registered_name": "Functional"}
    else:
        module = _module_of(cls)
        out = {"module": module, "class_name": cls.__name__, "config": model.get_config(),
               "registered_name": None if module is not None else _custom_names.get(cls, cls.__name__)}
    if compile_info:
        shape = model._in_shape if model._in_shape is not None else model.__dict__.get("_build_input_shape")
        out["build_config"] = {"input_shape": None if _is_functional(model) else _shape_list(shape)}
        cc = model.__dict__.get("_compile_args")
        if cc is not None:
            out["compile_config"] = cc
    return out


def _optimizer_config(opt):
    cfg = {"name": opt.name, "learning_rate": float(opt._learning_rate.numpy())}
    for k in ("beta_1", "beta_2", "epsilon", "amsgrad", "momentum", "nesterov", "rho", "centered"):
        if k in opt.__dict__:
            cfg[k] = opt.__dict__[k]
    return {"module": "keras.optimizers", "class_name": type(opt).__name__, "config": cfg, "registered_name": None}


_plain_compile = Model.compile


def _recording_compile(self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None, weighted_metrics=None,
                       run_eagerly=False, steps_per_execution=1, jit_compile="auto", **kw):
    _plain_compile(self, optimizer=optimizer, loss=loss, loss_weights=loss_weights, metrics=metrics,
                   weighted_metrics=weighted_metrics, run_eagerly=run_eagerly, steps_per_execution=steps_per_execution,
                   jit_compile=jit_compile, **kw)

    def ident(x):
        if x is None or isinstance(x, (str, int, float, bool)):
            return x
        if isinstance(x, (list, tuple)):
            return [ident(v) for v in x]
        if isinstance(x, dict):
            return {k: ident(v) for k, v in x.items()}
        if hasattr(x, "get_config"):
            try:
                return _serialize_keras_object(x)
            except Exception:
                return None
        return getattr(x, "__name__", None)
    self.__dict__["_compile_args"] = {
        "optimizer": _optimizer_config(self.optimizer), "loss": ident(loss), "loss_weights": ident(loss_weights),
        "metrics": ident(metrics), "weighted_metrics": ident(weighted_metrics), "run_eagerly": bool(run_eagerly),
        "steps_per_execution": steps_per_execution, "jit_compile": False}


Model.compile = _recording_compile
Model.to_json = _model_to_json


# ----- the weights store ------------------------------------------------------------------------
def _own_variables(obj):
    if isinstance(obj, Optimizer):
        return _optimizer_variables(obj)
    return list(obj._trainable_vars) + list(obj._nontrainable_vars)


def _optimizer_variables(opt):
    # Keras's order: iteration, learning_rate, then the slots as each optimizer's build adds them.
    out = [opt.iterations, opt._learning_rate]
    d = opt.__dict__
    if "_momentums" in d and "_velocities" in d:   # Adam family: momentum, velocity per variable
        for m, v in zip(d["_momentums"], d["_velocities"]):
            out += [m, v]
        out += list(d.get("_vhats", []))
        return out
    for k in ("momentums", "_velocities", "_moms", "_avg_grads"):
        out += list(d.get(k, []))
    return out


def _is_saveable(x):
    return isinstance(x, (Layer, Optimizer))


def _children(obj):
    # (attribute, object-or-container) pairs in Keras's visiting order: Sequential's / Functional's
    # layers first, then attributes by name (private ones last; GraphLens's own are skipped).
    out = []
    if isinstance(obj, Model) and (isinstance(obj, Sequential) or _is_functional(obj)):
        out.append(("layers", obj.layers))
    cands = {}
    for k, v in obj.__dict__.items():
        if k.startswith("_"):
            continue
        if _is_saveable(v) or (isinstance(v, (list, tuple, dict)) and v and
                               all(_is_saveable(x) for x in (v.values() if isinstance(v, dict) else v))):
            cands[k] = v
    if isinstance(obj, Model):
        if obj.__dict__.get("optimizer") is not None:
            cands["optimizer"] = obj.optimizer
        if not (isinstance(obj, Sequential) or _is_functional(obj)):
            cands["layers"] = obj.layers
    for k in sorted(cands.keys()):
        out.append((k, cands[k]))
    return out


def _walk(obj, path, visit, seen):
    # visit(obj, path) for every saveable reachable from obj, as Keras's _save_state walks them.
    if id(obj) in seen:
        return
    seen.add(id(obj))
    visit(obj, path)
    for attr, child in _children(obj):
        p = attr if not path else path + "/" + attr
        if _is_saveable(child):
            _walk(child, p, visit, seen)
        else:
            _walk_container(child, p, visit, seen)


def _walk_container(container, path, visit, seen):
    used = {}
    items = list(container.values()) if isinstance(container, dict) else list(container)
    for x in items:
        if not _is_saveable(x):
            continue
        base = _to_snake(type(x).__name__)
        n = used.get(base, 0)
        used[base] = n + 1
        name = base if n == 0 else "%s_%d" % (base, n)
        _walk(x, path + "/" + name, visit, seen)


def _new_group():
    return {"attrs": [], "members": {}}


def _group_at(root, path):
    g = root
    for part in [p for p in path.split("/") if p]:
        m = g["members"]
        if part not in m:
            m[part] = _new_group()
        g = m[part]
    return g


def _to_node(g):
    if isinstance(g, tuple):
        return g
    return ("g", g["attrs"], [(k, _to_node(v)) for k, v in g["members"].items()])


def _weights_tree(model):
    root = _new_group()

    def visit(obj, path):
        g = _group_at(root, (path + "/vars") if path else "vars")
        g["attrs"] = [("name", obj.name)]
        for i, v in enumerate(_own_variables(obj)):
            g["members"][str(i)] = ("d", [], v.numpy())
    _walk(model, "", visit, set())
    return _to_node(root)


def _lookup(node, path):
    for part in [p for p in path.split("/") if p]:
        if node is None or node[0] != "g":
            return None
        node = dict(node[2]).get(part)
    return node


def _load_weights_tree(model, tree, filepath):
    if isinstance(model, Model) and model.__dict__.get("optimizer") is not None:
        opt = model.optimizer
        saved = _lookup(tree, "optimizer/vars")
        if saved is not None and len(saved[2]) > 2 and not opt._built and model.trainable_weights:
            opt.build(list(model.trainable_weights))

    errors = []

    def visit(obj, path):
        vars_ = _own_variables(obj)
        g = _lookup(tree, (path + "/vars") if path else "vars")
        values = {}
        if g is not None and g[0] == "g":
            values = dict(g[2])
        if isinstance(obj, Optimizer):
            if len(values) != len(vars_):
                return   # Keras warns and skips an optimizer whose variables do not match
        elif len(values) != len(vars_):
            if not vars_ and not obj.built:
                msg = ("Layer '%s' was never built and thus it doesn't have any variables. However the weights file "
                       "lists %d variables for this layer." % (obj.name, len(values)))
            else:
                msg = ("Layer '%s' expected %d variables, but received %d variables during loading. Expected: %s"
                       % (obj.name, len(vars_), len(values), [v.name for v in vars_]))
            errors.append((obj, msg))
            return
        for i, v in enumerate(vars_):
            node = values.get(str(i))
            if node is None or node[0] != "d":
                raise ValueError("Layer '%s': variable %d missing in %s" % (obj.name, i, filepath))
            val = node[2]
            if tuple(_core.shape_of(v)) != tuple(_np.asarray(val).shape):
                errors.append((obj, "The shape of the target variable and the shape of the target value in "
                                 "`variable.assign(value)` must match. variable.shape=%s, Received: value.shape=%s. "
                               "Target variable: %s" % (tuple(_core.shape_of(v)), tuple(_np.asarray(val).shape), v)))
                return
            v.assign(_tf.cast(_tf.convert_to_tensor(val), v.dtype))
    _walk(model, "", visit, set())
    if errors:
        raise ValueError("A total of %d objects could not be loaded. Example error message for object %r:\n\n%s\n\n"
                         "List of objects that could not be loaded:\n[%s]"
                         % (len(errors), errors[0][0], errors[0][1], ", ".join(repr(o) for o, _ in errors)))


def _h5_read_file(filepath):
    data = _read_bytes(filepath)
    return _core.h5_read(data, filepath)


def _save_weights(self, filepath, overwrite=True, max_shard_size=None, **kw):
    filepath = _fspath(filepath)
    if not filepath.endswith(".weights.h5"):
        raise ValueError("The filename must end in `.weights.h5`. Received: filepath=%s" % filepath)
    _write_bytes(filepath, _core.h5_write(_weights_tree(self)))


def _load_weights(self, filepath, skip_mismatch=False, **kw):
    filepath = _fspath(filepath)
    if filepath.endswith(".keras"):
        entries = dict(_core.zip_read(_read_bytes(filepath), filepath))
        if "model.weights.h5" not in entries:
            raise ValueError("%s has no model.weights.h5" % filepath)
        _load_weights_tree(self, _core.h5_read(entries["model.weights.h5"], filepath + "/model.weights.h5"),
                           filepath)
    elif filepath.endswith(".weights.h5"):
        _load_weights_tree(self, _h5_read_file(filepath), filepath)
    elif filepath.endswith(".h5") or filepath.endswith(".hdf5"):
        _load_legacy_weights(self, _h5_read_file(filepath), filepath)
    else:
        raise ValueError("File format not supported: filepath=%s. Keras 3 only supports V3 `.keras` files, "
                         "`.weights.h5` files, legacy H5 format files (`.h5` extension), or Orbax checkpoints."
                         % filepath)


def _load_legacy_weights(model, tree, filepath):
    g = tree
    attrs = dict(g[1])
    if "layer_names" not in attrs and _lookup(g, "model_weights") is not None:
        g = _lookup(g, "model_weights")
        attrs = dict(g[1])
    names = _legacy_attr(attrs, "layer_names")
    layers = [l for l in model.layers if l.weights]
    with_w = [n for n in names if _legacy_attr(dict(_lookup(g, n)[1]), "weight_names")]
    if len(with_w) != len(layers):
        raise ValueError("Layer count mismatch when loading weights from file. Model expected %d layers, found %d "
                         "saved layers." % (len(layers), len(with_w)))
    for layer, n in zip(layers, with_w):
        lg = _lookup(g, n)
        vals = []
        for wn in _legacy_attr(dict(lg[1]), "weight_names"):
            node = _lookup(lg, wn)
            if node is None or node[0] != "d":
                raise ValueError("%s: weight %s of layer %s is missing" % (filepath, wn, n))
            vals.append(node[2])
        layer.set_weights(vals)


def _legacy_attr(attrs, name):
    # Keras's legacy files split long lists over name0, name1, ... (HDF5's 64 KiB header limit)
    if name in attrs:
        v = attrs[name]
        return [v] if isinstance(v, str) else list(v)
    out, i = [], 0
    while "%s%d" % (name, i) in attrs:
        v = attrs["%s%d" % (name, i)]
        out += [v] if isinstance(v, str) else list(v)
        i += 1
    return out


def _save_model(model, filepath, overwrite=True, zipped=None, **kwargs):
    filepath = _fspath(filepath)
    kwargs.pop("include_optimizer", None)
    kwargs.pop("save_format", None)
    if kwargs:
        raise ValueError("The following argument(s) are not supported: %s" % list(kwargs.keys()))
    if filepath.endswith(".keras"):
        config = _serialize_model(model)
        meta = {"keras_version": __version__, "date_saved": _time.strftime("%Y-%m-%d@%H:%M:%S")}
        weights = _core.h5_write(_weights_tree(model))
        data = _core.zip_write([("metadata.json", _json.dumps(meta)), ("config.json", _json.dumps(config)),
                                ("model.weights.h5", weights)])
        _write_bytes(filepath, data)
        return
    if filepath.endswith(".h5") or filepath.endswith(".hdf5"):
        _absl_warning("You are saving your model as an HDF5 file via `model.save()` or `keras.saving.save_model(model)`. "
                      "This file format is considered legacy. We recommend using instead the native Keras format, e.g. "
                      "`model.save('my_model.keras')` or `keras.saving.save_model(model, 'my_model.keras')`. ")
        _write_bytes(filepath, _core.h5_write(_legacy_tree(model)))
        return
    raise ValueError("Invalid filepath extension for saving. Please add either a `.keras` extension for the native "
                     "Keras format (recommended) or a `.h5` extension. Use `model.export(filepath)` if you want to "
                     "export a SavedModel for use with TFLite/TFServing/etc. Received: filepath=%s." % filepath)


def _legacy_tree(model):
    cfg = _serialize_model(model, False)
    cfg.pop("module", None)
    cfg.pop("registered_name", None)
    members = []
    names = []
    for layer in model.layers:
        if isinstance(layer, InputLayer):
            continue
        names.append(layer.name)
        ws = layer.weights
        wnames = [getattr(w, "path", None) or w.name for w in ws]
        lg = _new_group()
        lg["attrs"] = [("weight_names", wnames)]
        for wn, w in zip(wnames, ws):
            parts = wn.split("/")
            _group_at(lg, "/".join(parts[:-1]))["members"][parts[-1]] = ("d", [], w.numpy())
        members.append((layer.name, _to_node(lg)))
    members.append(("top_level_model_weights", ("g", [("weight_names", [])], [])))
    mw = ("g", [("backend", "tensorflow"), ("keras_version", __version__), ("layer_names", names)], members)
    attrs = [("backend", "tensorflow"), ("keras_version", __version__), ("model_config", _json.dumps(cfg))]
    return ("g", attrs, [("model_weights", mw)])


def _load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    filepath = _fspath(filepath)
    if filepath.endswith(".keras"):
        try:
            data = _read_bytes(filepath)
        except PermissionError:
            raise
        except OSError:
            data = None
        if data is None or not _is_zip_bytes(data):
            raise ValueError("File not found: filepath=%s. Please ensure the file is an accessible `.keras` zip file."
                             % filepath)
        entries = dict(_core.zip_read(data, filepath))
        for n in ("config.json", "model.weights.h5"):
            if n not in entries:
                raise ValueError("%s: the archive has no %s" % (filepath, n))
        config = _json.loads(entries["config.json"].decode("utf-8"))
        with CustomObjectScope(custom_objects or {}):
            model = _model_from_full_config(config, custom_objects)
            if compile and config.get("compile_config"):
                _compile_from_config(model, config["compile_config"], custom_objects)
        _load_weights_tree(model, _core.h5_read(entries["model.weights.h5"], filepath + "/model.weights.h5"), filepath)
        return model
    if filepath.endswith(".h5") or filepath.endswith(".hdf5"):
        tree = _h5_read_file(filepath)
        attrs = dict(tree[1])
        if "model_config" not in attrs:
            raise ValueError("No model config found in the file at %s." % filepath)
        config = _json.loads(attrs["model_config"])
        with CustomObjectScope(custom_objects or {}):
            model = _model_from_full_config(config, custom_objects)
            tc = attrs.get("training_config")
            if compile and not tc:
                _absl_warning("No training configuration found in the save file, so the model was *not* compiled. "
                              "Compile it manually.")
            if compile and tc:
                tc = _json.loads(tc)
                oc = tc.get("optimizer_config")
                opt = {"class_name": oc["class_name"], "config": oc["config"]} if oc else "rmsprop"
                _compile_from_config(model, {"optimizer": opt, "loss": tc.get("loss"), "metrics": tc.get("metrics")},
                                     custom_objects)
        _load_legacy_weights(model, tree, filepath)
        return model
    raise ValueError("File format not supported: filepath=%s. Keras 3 only supports V3 `.keras` files, legacy H5 "
                     "format files (`.h5` extension). Note that the legacy SavedModel format is not supported by "
                     "`load_model()` in Keras 3. In order to reload a TensorFlow SavedModel as an inference-only "
                     "layer in Keras 3, use `keras.layers.TFSMLayer(%s, call_endpoint='serving_default')` (note that "
                     "your `call_endpoint` might have a different name)." % (filepath, filepath))


def _is_zip_bytes(data):
    # zipfile.is_zipfile: an end of central directory record within the last 64 KiB + 22 bytes
    return data[-65557:].rfind(b"PK\x05\x06") >= 0


def _model_from_full_config(config, custom_objects=None):
    cn = config.get("class_name")
    inner = config.get("config", {})
    if cn == "Sequential":
        return _sequential_from_config(inner, custom_objects)
    if cn in ("Functional", "Model") and "input_layers" in inner:
        return _functional_from_config(inner, custom_objects)
    model = _deserialize_keras_object(config, custom_objects)
    bc = config.get("build_config") or {}
    if isinstance(model, Layer) and not model.built and bc.get("input_shape") is not None:
        model.build(tuple(bc["input_shape"]))  # a subclassed model: its variables, before the weights load
    return model


def _compile_from_config(model, cc, custom_objects=None):
    opt = cc.get("optimizer")
    if isinstance(opt, dict):
        cls = getattr(optimizers, opt.get("class_name"), None)
        if cls is None:
            opt = _deserialize_keras_object(opt, custom_objects)
        else:
            cfg = dict(opt.get("config", {}))
            params = _core.func_params(cls.__init__)
            if params is not None and not params[1]:
                cfg = {k: v for k, v in cfg.items() if k in params[0]}
            else:
                cfg = {k: v for k, v in cfg.items() if v is not None}
            opt = cls(**cfg)
    model.compile(optimizer=opt, loss=cc.get("loss"), metrics=cc.get("metrics"))


def _model_from_json(json_string, custom_objects=None):
    return _model_from_full_config(_json.loads(json_string), custom_objects)


def _clone_model(model, input_tensors=None, clone_function=None, **kw):
    return _model_from_full_config(_serialize_model(model, False))


Model.save = lambda self, filepath, overwrite=True, zipped=None, **kwargs: _save_model(self, filepath, overwrite,
                                                                                          zipped, **kwargs)
Model.save_weights = _save_weights
Model.load_weights = _load_weights
models.load_model = _load_model
models.save_model = _save_model
models.model_from_json = _model_from_json
models.clone_model = _clone_model
_keras3_saving.load_model = _load_model
_keras3_saving.save_model = _save_model
_keras3_saving.save_weights = lambda model, filepath, overwrite=True, **kw: _save_weights(model, filepath, overwrite)
_keras3_saving.load_weights = lambda model, filepath, skip_mismatch=False, **kw: _load_weights(model, filepath)
