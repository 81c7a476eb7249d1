# tf.keras for GraphLens, part 6: keras.saving's object registry and (de)serialisation of Keras
# objects as Keras 3 writes them ({'module', 'class_name', 'config', 'registered_name'}). Only the
# `keras` package has `saving` (tf.keras in TF 2.21 does not). Model files (.keras, .h5) are not
# written or read yet.

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
