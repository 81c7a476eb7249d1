# tf.train.Checkpoint, CheckpointManager, latest_checkpoint, list_variables, load_variable (run into
# the tensorflow module after tf_sparse_strings.py). Objects are named as TF names them: the first
# path to each object in a breadth-first walk from the checkpoint (attributes in assignment order,
# list indices, dict keys), each variable saved under "<path>/.ATTRIBUTES/VARIABLE_VALUE" with the
# TrackableObjectGraph beside it, so TF reads these checkpoints and GraphLens reads TF's. Every
# file goes through open() and the sandbox; _core builds and parses the bundle bytes.

_ATTR_SUFFIX = "/.ATTRIBUTES/VARIABLE_VALUE"


def _object_name(key):
    # "(root).net.w" for the key "net/w/.ATTRIBUTES/VARIABLE_VALUE", as TF names objects
    path = key[:-len(_ATTR_SUFFIX)] if key.endswith(_ATTR_SUFFIX) else key
    return "(root)" + "".join("." + p for p in path.split("/"))


def _is_trackable(v):
    if _core.is_variable(v) or isinstance(v, (Module, Checkpoint)):
        return True
    if isinstance(v, (list, _pytuple)):
        return any(_is_trackable(x) for x in v)
    if isinstance(v, dict):
        return any(_is_trackable(x) for x in v.values())
    if isinstance(v, type) or _core.is_tensor(v):
        return False
    # Keras layers, models and optimizers: objects that own variables
    return hasattr(type(v), "variables") and hasattr(v, "__dict__")


def _trackable_children(obj):
    if _core.is_variable(obj):
        return []
    if isinstance(obj, Checkpoint):
        items = list(obj._children.items())
    elif isinstance(obj, (list, _pytuple)):
        items = [(str(i), v) for i, v in enumerate(obj)]
    elif isinstance(obj, dict):
        items = [(str(k), v) for k, v in obj.items()]
    else:
        items = list(getattr(obj, "__dict__", {}).items())
    return [(k, v) for k, v in items if _is_trackable(v)]


def _walk(root):
    # breadth first from the root: each object once, under its first path; returns the objects in
    # order with their paths and children as (local name, index)
    order, paths, index = [root], [""], {id(root): 0}
    children = []
    i = 0
    while i < len(order):
        refs = []
        for name, child in _trackable_children(order[i]):
            if id(child) not in index:
                index[id(child)] = len(order)
                order.append(child)
                local = _escape_local(name)
                paths.append(local if not paths[i] else paths[i] + "/" + local)
            refs.append((name, index[id(child)]))
        children.append(refs)
        i += 1
    return order, paths, children


def _escape_local(name):
    # TF's escaping of local names, so paths stay unambiguous: "." -> "..", "/" -> ".S"
    return name.replace(".", "..").replace("/", ".S")


class CheckpointLoadStatus:
    """What Checkpoint.restore returns: checks of how the checkpoint matched the objects."""

    def __init__(self, unused_keys, missing):
        self._unused = unused_keys
        self._missing = missing

    def assert_consumed(self):
        if self._unused:
            raise AssertionError("Unresolved object in checkpoint %s: attributes {\n  name: \"VARIABLE_VALUE\"\n}"
                                 % _object_name(sorted(self._unused)[0]))
        return self.assert_existing_objects_matched()

    def assert_existing_objects_matched(self):
        if self._missing:
            n = len(self._missing)
            raise AssertionError("Found %d Python objects that were not bound to checkpointed values, likely due to "
                                 "changes in the Python program. Showing %d of %d unmatched objects: %s"
                                 % (n, _pymin(n, 10), n, sorted(self._missing)[:10]))
        return self

    def assert_nontrivial_match(self):
        return self

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        return None


class Checkpoint:
    """tf.train.Checkpoint: saves and restores the variables reachable from its keyword arguments."""

    def __init__(self, root=None, **kwargs):
        self._children = {}
        if root is not None:
            kwargs = dict(kwargs, root=root)
        for k, v in kwargs.items():
            if not _is_trackable(v) and not (v is None):
                raise ValueError("`Checkpoint` was expecting a trackable object (an object derived from `Trackable`), "
                                 "got %r. If you believe this object should be trackable (i.e. it is part of the "
                                 "TensorFlow Python API and manages state), please open an issue." % (v,))
            self._children[k] = v
        self._save_counter = None

    def __getattr__(self, name):
        children = self.__dict__.get("_children", {})
        if name in children:
            return children[name]
        raise AttributeError("'Checkpoint' object has no attribute '%s'" % name)

    def __setattr__(self, name, value):
        if not name.startswith("_") and _is_trackable(value):
            self._children[name] = value
        else:
            object.__setattr__(self, name, value)

    @property
    def save_counter(self):
        if self._save_counter is None:
            self._save_counter = Variable(0, dtype=int64, trainable=False, name="save_counter")
            self._children["save_counter"] = self._save_counter
        return self._save_counter

    def _entries(self):
        order, paths, children = _walk(self)
        tensors, nodes = [], []
        for obj, path, refs in zip(order, paths, children):
            attrs = []
            if _core.is_variable(obj):
                key = path + _ATTR_SUFFIX
                tensors.append((key, obj))
                attrs.append(("VARIABLE_VALUE", obj.name[:-2] if obj.name.endswith(":0") else obj.name, key))
            nodes.append((refs, attrs))
        return tensors, nodes

    def write(self, file_prefix, options=None):
        import os as _os
        file_prefix = _os.fspath(file_prefix)
        tensors, nodes = self._entries()
        index, data = _core.checkpoint_build(tensors, nodes)
        folder = _os.path.dirname(file_prefix)
        if folder:
            _os.makedirs(folder, exist_ok=True)
        with open(file_prefix + ".data-00000-of-00001", "wb") as f:
            f.write(data)
        with open(file_prefix + ".index", "wb") as f:
            f.write(index)
        return file_prefix

    def save(self, file_prefix, options=None):
        import os as _os
        counter = self.save_counter
        counter.assign_add(1)
        path = self.write("%s-%d" % (_os.fspath(file_prefix), _core.tolist(counter)))
        _update_checkpoint_state(_os.path.dirname(path), path, None)
        return path

    def read(self, save_path, options=None):
        return self.restore(save_path, options)

    def restore(self, save_path, options=None):
        import os as _os
        if save_path is None:
            return CheckpointLoadStatus(set(), set())
        values = dict(_read_bundle(_os.fspath(save_path)))
        if "save_counter" + _ATTR_SUFFIX in values:
            self.save_counter  # made now so that it is restored too (TF defers it to its creation)
        tensors, _ = self._entries()
        missing = set()
        used = set()
        for key, var in tensors:
            if key in values:
                var.assign(values[key])
                used.add(key)
            elif not key.startswith("save_counter/"):
                missing.add(key)
        unused = set(k for k in values if k not in used and not k.startswith("save_counter/"))
        return CheckpointLoadStatus(unused, missing)


def _prefix_files(prefix):
    # the files of the checkpoint at `prefix`: <prefix>.index and its .data shards
    import os as _os
    folder = _os.path.dirname(prefix) or "."
    base = _os.path.basename(prefix) + "."
    return [_os.path.join(folder, name) for name in _os.listdir(folder) if name.startswith(base)]


def _read_bundle(prefix, key=None):
    # [(key, tensor)] of the checkpoint at `prefix` (just `key`'s entry when one is named)
    import os as _os
    import _os as _sandbox
    if prefix.endswith(".index"):
        prefix = prefix[:-len(".index")]
    index = prefix + ".index"
    _sandbox.realpath(index)  # PermissionError outside the sandbox, before anything is looked at
    if not _os.path.exists(index):
        _core.raise_error("NotFoundError", "Failed to find any matching files for %s" % prefix)
    for path in _prefix_files(prefix):
        _sandbox.realpath(path)  # PermissionError outside the sandbox
    return _core.checkpoint_read(_sandbox.realpath(index)[:-len(".index")], key)


def _checkpoint_state_path(folder):
    import os as _os
    return _os.path.join(folder or ".", "checkpoint")


def _update_checkpoint_state(folder, latest, all_paths):
    import os as _os
    import time as _time
    rel = lambda p: _os.path.relpath(p, folder) if folder else p  # noqa: E731
    paths = all_paths if all_paths is not None else [latest]
    now = _time.time()
    lines = ['model_checkpoint_path: "%s"' % rel(latest)]
    lines += ['all_model_checkpoint_paths: "%s"' % rel(p) for p in paths]
    if all_paths is not None:
        lines += ["all_model_checkpoint_timestamps: %r" % now for _ in paths]
        lines.append("last_preserved_timestamp: %r" % now)
    with open(_checkpoint_state_path(folder), "w") as f:
        f.write("\n".join(lines) + "\n")


def _read_checkpoint_state(folder):
    import os as _os
    path = _checkpoint_state_path(folder)
    if not _os.path.exists(path):
        return None, []
    latest, paths = None, []
    with open(path) as f:
        for line in f:
            key, _, value = line.partition(":")
            value = value.strip().strip('"')
            if key == "model_checkpoint_path":
                latest = value
            elif key == "all_model_checkpoint_paths":
                paths.append(value)
    join = lambda p: p if _os.path.isabs(p) else _os.path.join(folder, p)  # noqa: E731
    return (join(latest) if latest else None), [join(p) for p in paths]


def latest_checkpoint(checkpoint_dir, latest_filename=None):
    import os as _os
    latest, _ = _read_checkpoint_state(_os.fspath(checkpoint_dir))
    if latest is None or not _os.path.exists(latest + ".index"):
        return None
    return latest


class CheckpointManager:
    """tf.train.CheckpointManager: numbered saves in a folder, keeping the newest max_to_keep."""

    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None,
                 checkpoint_name="ckpt", step_counter=None, checkpoint_interval=None, init_fn=None):
        import os as _os
        self._checkpoint = checkpoint
        self._directory = _os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._name = checkpoint_name
        latest, paths = _read_checkpoint_state(self._directory)
        self._checkpoints = [p for p in paths if _os.path.exists(p + ".index")]
        self._latest = latest if latest and _os.path.exists(latest + ".index") else None

    @property
    def directory(self):
        return self._directory

    @property
    def checkpoints(self):
        return list(self._checkpoints)

    @property
    def latest_checkpoint(self):
        return self._latest

    @property
    def checkpoint(self):
        return self._checkpoint

    def save(self, checkpoint_number=None, check_interval=True, options=None):
        import os as _os
        if checkpoint_number is None:
            counter = self._checkpoint.save_counter
            counter.assign_add(1)
            checkpoint_number = _core.tolist(counter)
        else:
            checkpoint_number = _pyint(_core.tolist(checkpoint_number) if is_tensor(checkpoint_number) else checkpoint_number)
        prefix = _os.path.join(self._directory, "%s-%d" % (self._name, checkpoint_number))
        path = self._checkpoint.write(prefix)
        if path in self._checkpoints:
            self._checkpoints.remove(path)
        self._checkpoints.append(path)
        if self._max_to_keep is not None:
            while len(self._checkpoints) > self._max_to_keep:
                for path_of_old in _prefix_files(self._checkpoints.pop(0)):
                    _os.remove(path_of_old)
        self._latest = path
        _update_checkpoint_state(self._directory, path, self._checkpoints)
        return path

    def restore_or_initialize(self):
        if self._latest is not None:
            self._checkpoint.restore(self._latest)
            return self._latest
        return None


def _checkpoint_path(ckpt_dir_or_file):
    # a folder means its latest checkpoint, as tf.train's readers take it
    import os as _os
    path = _os.fspath(ckpt_dir_or_file)
    return latest_checkpoint(path) if _os.path.isdir(path) else path


def _list_variables(ckpt_dir_or_file):
    entries = [(k, list(_core.shape_of(t))) for k, t in _read_bundle(_checkpoint_path(ckpt_dir_or_file))]
    return sorted(entries + [("_CHECKPOINTABLE_OBJECT_GRAPH", [])], key=lambda e: e[0])


def _load_variable(ckpt_dir_or_file, name):
    found = _read_bundle(_checkpoint_path(ckpt_dir_or_file), name)
    if not found:
        _core.raise_error("NotFoundError", "Key %s not found in checkpoint" % name)
    return found[0][1].numpy()


train = _Namespace(Checkpoint=Checkpoint, CheckpointManager=CheckpointManager, latest_checkpoint=latest_checkpoint,
                   list_variables=_list_variables, load_variable=_load_variable,
                   CheckpointOptions=lambda **kw: None)
