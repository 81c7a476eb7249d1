# tf.keras for GraphLens, part 4: Model (subclassed and functional), Sequential, summary(),
# compile / fit / evaluate / predict, keras.utils, and the module's public namespaces.


def _is_dataset(x):
    return isinstance(x, _tf.data.Dataset)


def _as_tensor_tree(x):
    return _tf.nest.map_structure(lambda v: v if _tf.is_tensor(v) else _tf.convert_to_tensor(v), x)


def _unpack_xy(data):
    if isinstance(data, tuple):
        if len(data) == 1:
            return data[0], None, None
        if len(data) == 2:
            return data[0], data[1], None
        return data[0], data[1], data[2]
    return data, None, None



def _first_step(model, step):
    # Keras builds an unbuilt model inside the graph of the train/test/predict function it traces
    # first: random ops run there (a plain TF function as an initializer) take that graph's seeds,
    # counted from 0, not the eager context's.
    if model.built:
        return step()
    _core.rand_scratch_graph(True)
    try:
        return step()
    finally:
        _core.rand_scratch_graph(False)

class Model(Layer):
    def __init__(self, *args, **kwargs):
        inputs = kwargs.pop("inputs", None)
        outputs = kwargs.pop("outputs", None)
        if len(args) >= 1:
            inputs = args[0]
        if len(args) >= 2:
            outputs = args[1]
        name = kwargs.pop("name", None)
        functional = inputs is not None and outputs is not None
        if name is None and functional and type(self) is Model:
            name = _unique_name("functional")  # Keras 3's Functional models: functional, functional_1, ...
        Layer.__init__(self, name=name, trainable=kwargs.pop("trainable", True))
        self.__dict__["_compiled"] = False
        self.__dict__["optimizer"] = None
        self.__dict__["_fn"] = None
        self.__dict__["stop_training"] = False
        if functional:
            self._init_functional(inputs, outputs)

    # ----- functional graphs ------------------------------------------------------------------
    def _init_functional(self, inputs, outputs):
        self.__dict__["_fn_inputs"] = inputs
        self.__dict__["_fn_outputs"] = outputs
        order = []   # (layer, args, kwargs, out) in topological order
        seen = {}

        traversal = []  # layers as the walk from the outputs finishes them (Keras's layer indices)

        def visit(kt):
            if id(kt) in seen:
                return
            seen[id(kt)] = True
            h = kt._history
            if h is None:
                return
            if len(h) == 1:
                if not any(h[0] is l for l in traversal):
                    traversal.append(h[0])
                return
            layer, args, kwargs = h
            for a in _tf.nest.flatten(list(args)) + _tf.nest.flatten(list(kwargs.values())):
                if isinstance(a, KerasTensor):
                    visit(a)
            order.append((layer, args, kwargs, kt))
            if not any(layer is l for l in traversal):
                traversal.append(layer)
        for o in _tf.nest.flatten(outputs):  # a dict's outputs by sorted key, as Keras's tree flattens them
            visit(o)
        self.__dict__["_fn_nodes"] = order
        layers = []
        for i in _tf.nest.flatten(inputs):
            if i._history is not None and len(i._history) == 1:
                layers.append(i._history[0])
        for layer, _, _, _ in order:
            if not any(layer is l for l in layers):
                layers.append(layer)
        # Keras lists a functional model's layers by node depth (the deepest, farthest from the
        # outputs, first): an Input read only near the outputs comes after the layers before it.
        depth = {}
        for layer, args, kwargs, out in reversed(order):
            d = max([depth.get(id(t), 0) for t in _tf.nest.flatten(out)] + [0])
            for a in _tf.nest.flatten(list(args)) + _tf.nest.flatten(list(kwargs.values())):
                if isinstance(a, KerasTensor):
                    depth[id(a)] = max(depth.get(id(a), 0), d + 1)

        def layer_depth(layer):
            ds = [depth.get(id(out), 0) + 1 for l, _, _, out in order if l is layer]
            if not ds:  # an InputLayer: the depth of its tensor
                ds = [depth.get(id(t), 0) + 1 for t in _tf.nest.flatten(inputs)
                      if t._history is not None and t._history[0] is layer]
            return max(ds + [0])
        def walk_index(layer):
            return next((i for i, l in enumerate(traversal) if l is layer), len(traversal))
        layers = [l for _, l in sorted(enumerate(layers), key=lambda p: (-layer_depth(p[1]), walk_index(p[1]), p[0]))]
        self.__dict__["_fn_layers"] = layers
        self.__dict__["built"] = True
        self.__dict__["_out_shape"] = _tf.nest.map_structure(lambda t: t.shape, outputs)
        self.__dict__["_in_shape"] = _tf.nest.map_structure(lambda t: t.shape, inputs)

    def _run_functional(self, x, training):
        env = {}
        flat_in = _tf.nest.flatten(self._fn_inputs)
        if isinstance(x, dict) and not isinstance(self._fn_inputs, dict):
            # A dict feeds the inputs by their Input names (Keras 3).
            missing = [kt.name for kt in flat_in if kt.name not in x]
            if missing:
                raise ValueError("Missing data for input %s. You passed a data dictionary with keys %s. "
                                 "Expected the following keys: %s"
                                 % (", ".join('"%s"' % m for m in missing), list(x.keys()), [kt.name for kt in flat_in]))
            xs = [x[kt.name] for kt in flat_in]
        else:
            xs = _tf.nest.flatten(x) if isinstance(x, (list, tuple, dict)) else [x]
        for kt, v in zip(flat_in, xs):
            v = _tf.convert_to_tensor(v) if not _tf.is_tensor(v) else v
            # Keras converts each input to its Input's dtype (uint8 images become float32).
            if v.dtype != kt.dtype:
                v = _tf.cast(v, kt.dtype)
            env[id(kt)] = v
        for layer, args, kwargs, out in self._fn_nodes:
            a = _tf.nest.map_structure(lambda t: env[id(t)] if isinstance(t, KerasTensor) else t, list(args))
            kw = {k: (env[id(v)] if isinstance(v, KerasTensor) else v) for k, v in kwargs.items()}
            if training is not None and layer._call_has_training() and "training" not in kw:
                kw["training"] = training
            env[id(out)] = layer(*a, **kw)
        return _tf.nest.map_structure(lambda t: env[id(t)], self._fn_outputs)

    def call(self, inputs, training=None, mask=None):
        if self._fn is None and "_fn_nodes" in self.__dict__:
            return self._run_functional(inputs, training)
        raise NotImplementedError("Model.call() must be implemented by subclasses")

    def __call__(self, *args, **kwargs):
        if "_fn_nodes" in self.__dict__ and not _is_symbolic(args, kwargs):
            x = args[0] if args else kwargs.get("inputs")
            return self._run_functional(x, kwargs.get("training"))
        return Layer.__call__(self, *args, **kwargs)

    def _call_has_training(self):
        if "_fn_nodes" in self.__dict__:
            return True
        return Layer._call_has_training(self)

    @property
    def layers(self):
        if "_fn_layers" in self.__dict__:
            return list(self._fn_layers)
        return self._sublayers

    @property
    def _sublayers(self):
        if "_fn_layers" in self.__dict__:
            return list(self._fn_layers)
        return _scan_sublayers(self)

    def get_layer(self, name=None, index=None):
        if index is not None:
            return self.layers[index]
        for l in self.layers:
            if l.name == name:
                return l
        raise ValueError("No such layer: %s. Existing layers are: %s." % (name, [l.name for l in self.layers]))

    @property
    def inputs(self):
        return _tf.nest.flatten(self.__dict__.get("_fn_inputs"))

    @property
    def outputs(self):
        return _tf.nest.flatten(self.__dict__.get("_fn_outputs"))

    @property
    def input_shape(self):
        return self._in_shape

    @property
    def output_shape(self):
        return self._out_shape

    def build(self, input_shape=None):
        if input_shape is not None and not self.built and not self.__dict__.get("_auto_building"):
            dummy = _tf.zeros([1 if d is None else d for d in input_shape])
            self(dummy)
        self.__dict__["built"] = True

    build._keras_default = True

    # ----- summary ----------------------------------------------------------------------------
    def summary(self, line_length=None, positions=None, print_fn=None, expand_nested=False, show_trainable=False,
                layer_range=None):
        out = _summary_text(self)
        if print_fn is not None:
            for line in out.split("\n"):
                print_fn(line)
        else:
            print(out)

    # ----- training ---------------------------------------------------------------------------
    def compile(self, optimizer="rmsprop", loss=None, loss_weights=None, metrics=None, weighted_metrics=None,
                run_eagerly=False, steps_per_execution=1, jit_compile="auto", **kw):
        self.__dict__["optimizer"] = _get_optimizer(optimizer)
        # Keras 3 keeps an earlier compile's loss and metrics when this one passes None.
        if loss is not None or not self.__dict__.get("_compiled"):
            self.__dict__["loss"] = loss  # as given ("mse"), as Keras keeps it
            if isinstance(loss, (dict, list, tuple)):
                self.__dict__["_loss_fn"] = _OutputLosses(self, loss, loss_weights)
            else:
                self.__dict__["_loss_fn"] = _get_loss(loss)
        if metrics is not None or not self.__dict__.get("_compiled"):
            self.__dict__["_metric_specs"] = list(metrics or [])
            self.__dict__["_metrics"] = None
            self.__dict__["_compile_metrics"] = _CompileMetrics(self) if metrics is not None else None
        self.__dict__["_loss_tracker"] = Mean(name="loss")
        self.__dict__["_compiled"] = True

    @property
    def metrics(self):
        # Keras 3: the loss tracker, then one container of every compiled metric (what a custom
        # train_step updates and reports).
        if not self.__dict__.get("_compiled"):
            return []
        out = [self._loss_tracker]
        if self.__dict__.get("_compile_metrics") is not None:
            out.append(self._compile_metrics)
        return out + self._output_loss_trackers()

    @property
    def metrics_names(self):
        return [m.name for m in self.metrics]

    def get_metrics_result(self):
        out = {}
        for m in self.metrics:
            r = m.result()
            if isinstance(r, dict):
                out.update(r)
            else:
                out[m.name] = r
        return out

    def _metrics_or_logs(self, logs):
        # Keras reports the model's metrics when a step returned the same names, else the step's logs.
        results = self.get_metrics_result()
        if isinstance(logs, dict) and set(logs.keys()) == set(results.keys()):
            return results
        return logs

    def _overrides(self, name):
        return getattr(type(self), name) is not getattr(Model, name)

    def train_step(self, data):
        x, y, sw = _unpack_xy(data)
        self._train_step(x, y, sw)
        return self.get_metrics_result()

    def test_step(self, data):
        x, y, sw = _unpack_xy(data)
        y_pred = self(x, training=False)
        loss = self.compute_loss(x, y, y_pred, sw, False)
        self._loss_tracker.update_state(loss, sample_weight=_batch_len(x))
        self._update_metrics(y, y_pred, sw)
        return self.get_metrics_result()

    def _ensure_metrics(self, y, y_pred):
        if self._metrics is None:
            self.__dict__["_metrics"] = [_get_metric(m, self._loss_fn, y, y_pred) for m in self._metric_specs]

    def compute_loss(self, x=None, y=None, y_pred=None, sample_weight=None, training=True):
        total = None
        if self.__dict__.get("_loss_fn") is not None:
            total = self._loss_fn(y, y_pred, sample_weight)
        for l in self.losses:
            total = l if total is None else total + l
        return total

    def _train_step(self, x, y, sw):
        with _tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(x, y, y_pred, sw, True)
        self._loss_tracker.update_state(loss, sample_weight=_batch_len(x))
        tw = self.trainable_weights
        if tw:
            grads = tape.gradient(loss, tw)
            self.optimizer.apply_gradients(zip(grads, tw))
        self._update_metrics(y, y_pred, sw)

    def _update_metrics(self, y, y_pred, sw):
        # compile(metrics=...) are not weighted by sample weights (weighted_metrics would be).
        self._ensure_metrics(y, y_pred)
        for m in self._metrics:
            m.update_state(y, y_pred)

    def _output_loss_trackers(self):
        fn = self.__dict__.get("_loss_fn")
        return fn.trackers if isinstance(fn, _OutputLosses) else []

    def _logs(self):
        logs = {"loss": float(self._loss_tracker.result())}
        for t in self._output_loss_trackers():
            logs[t.name] = float(t.result())
        for m in self._metrics or []:
            logs[m.name] = float(m.result())
        return logs

    def _sorted_logs(self, logs):
        return {k: logs[k] for k in sorted(logs.keys())}

    def _reset_metrics(self):
        if self._overrides("metrics"):
            # Keras resets the metrics the model lists (a custom `metrics` property's own).
            for m in self.metrics:
                m.reset_state()
            return
        self._loss_tracker.reset_state()
        for t in self._output_loss_trackers():
            t.reset_state()
        for m in self._metrics or []:
            m.reset_state()

    def fit(self, x=None, y=None, batch_size=None, epochs=1, verbose="auto", callbacks=None, validation_split=0.0,
            validation_data=None, shuffle=True, class_weight=None, sample_weight=None, initial_epoch=0,
            steps_per_epoch=None, validation_steps=None, validation_batch_size=None, validation_freq=1, **kw):
        if not self._compiled:
            raise ValueError("You must call `compile()` before using the model.")
        if validation_split and validation_data is None and not _is_dataset(x):
            n = _batch_len(x)
            split = int(n * (1.0 - validation_split))
            vx = _tf.nest.map_structure(lambda t: t[split:], x)
            vy = _tf.nest.map_structure(lambda t: t[split:], y)
            x = _tf.nest.map_structure(lambda t: t[:split], x)
            y = _tf.nest.map_structure(lambda t: t[:split], y)
            validation_data = (vx, vy)
        history = History()
        cbs = list(callbacks or []) + [history]
        for cb in cbs:
            cb.set_model(self)
            cb.set_params({"epochs": epochs, "verbose": verbose})
        self.__dict__["history"] = history
        for cb in cbs:
            cb.on_train_begin()
        # With steps_per_epoch, Keras 3's epoch iterator goes on through the same pass over the
        # data in the next epoch, and starts a new pass only when this one is used up.
        carried = None
        custom_step = self._overrides("train_step")
        step_logs = {}
        known = _num_batches(x, batch_size) if steps_per_epoch is not None else None
        seen = 0
        for epoch in range(initial_epoch, epochs):
            self._reset_metrics()
            for cb in cbs:
                cb.on_epoch_begin(epoch)
            if isinstance(x, PyDataset):
                x.on_epoch_begin()
            step = 0
            if steps_per_epoch is None:
                batches = _batches(x, y, sample_weight, batch_size, shuffle)
            else:
                if carried is None:
                    carried = _batches(x, y, sample_weight, batch_size, shuffle, False)
                    seen = 0
                batches = carried
            for bx, by, bsw in batches:
                for cb in cbs:
                    cb.on_train_batch_begin(step)
                if class_weight is not None:
                    bsw = _class_weights_of(by, class_weight)
                if custom_step:
                    step_logs = _first_step(self, lambda: self.train_step(_step_data(bx, by, bsw)))
                    batch_logs = _pythonify_logs(step_logs)
                else:
                    _first_step(self, lambda: self._train_step(bx, by, bsw))
                    batch_logs = self._logs()
                for cb in cbs:
                    cb.on_train_batch_end(step, batch_logs)
                step += 1
                seen += 1
                if steps_per_epoch is not None and (step >= steps_per_epoch or (known and seen >= known)):
                    break
            else:
                carried = None
            if steps_per_epoch is not None and known and seen >= known:
                # The pass is used up: the next one starts now (Keras makes its iterator here).
                carried = _batches(x, y, sample_weight, batch_size, shuffle, False)
                seen = 0
            if isinstance(x, PyDataset):
                x.on_epoch_end()
            logs = dict(self._metrics_or_logs(step_logs)) if custom_step else self._logs()
            if validation_data is not None:
                vd = validation_data
                if _is_dataset(vd) or isinstance(vd, PyDataset):
                    vals = self._evaluate(vd, None, None, validation_batch_size or batch_size, validation_steps)
                else:
                    vx, vy, vsw = _unpack_xy(tuple(vd))
                    vals = self._evaluate(vx, vy, vsw, validation_batch_size or batch_size, validation_steps)
                for k, v in vals.items():
                    logs["val_" + k] = v
            # Keras's callbacks see the epoch's logs sorted by name, nested dicts flattened in place.
            logs = _pythonify_logs(logs)
            for cb in cbs:
                cb.on_epoch_end(epoch, logs)
            if verbose not in (0, "0"):
                print("Epoch %d/%d" % (epoch + 1, epochs))
                print(" - ".join(["%d/%d" % (step, step)] + ["%s: %.4f" % (k, v) for k, v in logs.items()]))
            if self.stop_training:
                break
        for cb in cbs:
            cb.on_train_end()
        return history

    def _evaluate(self, x, y, sw, batch_size, steps=None):
        self._reset_metrics()
        if self._overrides("test_step"):
            logs = {}
            for i, (bx, by, bsw) in enumerate(_batches(x, y, sw, batch_size, False)):
                if steps is not None and i >= steps:
                    break
                logs = _first_step(self, lambda: self.test_step(_step_data(bx, by, bsw)))
            return _pythonify_logs(self._metrics_or_logs(logs))
        for i, (bx, by, bsw) in enumerate(_batches(x, y, sw, batch_size, False)):
            if steps is not None and i >= steps:
                break
            y_pred = _first_step(self, lambda: self(bx, training=False))
            loss = self.compute_loss(bx, by, y_pred, bsw, False)
            self._loss_tracker.update_state(loss, sample_weight=_batch_len(bx))
            self._update_metrics(by, y_pred, bsw)
        return self._logs()

    def evaluate(self, x=None, y=None, batch_size=None, verbose="auto", sample_weight=None, steps=None,
                 callbacks=None, return_dict=False, **kw):
        logs = self._evaluate(x, y, sample_weight, batch_size, steps)
        if return_dict:
            return self._sorted_logs(logs)
        # Keras: in the order of the model's metrics (a container's by its metrics), then the rest by name.
        names = []
        for m in self.metrics:
            if isinstance(m, _CompileMetrics):
                names += [sub.name for sub in (self._metrics or [])]
            else:
                names.append(m.name)
        vals = [logs[n] for n in names if n in logs] + [logs[k] for k in sorted(logs) if k not in names]
        return vals[0] if len(vals) == 1 else vals

    def predict(self, x, batch_size=None, verbose="auto", steps=None, callbacks=None, **kw):
        outs = []
        for bx, _, _ in _batches(x, None, None, batch_size, False):
            outs.append(_first_step(self, lambda: self(bx, training=False)))
        if not outs:
            return None
        flat = [_tf.nest.flatten(o) for o in outs]
        cols = [_tf.concat([f[i] for f in flat], 0).numpy() for i in range(len(flat[0]))]
        return _tf._nest_pack(outs[0], cols)

    def predict_on_batch(self, x):
        return _tf.nest.map_structure(lambda t: t.numpy(), self(_as_tensor_tree(x), training=False))

    def train_on_batch(self, x, y=None, sample_weight=None, return_dict=False):
        self._reset_metrics()
        self._train_step(_as_tensor_tree(x), _as_tensor_tree(y) if y is not None else None, sample_weight)
        logs = self._logs()
        if return_dict:
            return logs
        vals = list(logs.values())
        return vals[0] if len(vals) == 1 else vals

    def save_weights(self, filepath, **kw):
        self.__dict__["_saved"] = self.get_weights()

    def load_weights(self, filepath, **kw):
        self.set_weights(self.__dict__["_saved"])


def _batch_len(x):
    f = _tf.nest.flatten(x)
    return _core.shape_of(f[0])[0]


def _array_permutation(n):
    # Keras' array adapter shuffles with tf.random.shuffle inside a tf.data map function; the
    # function is instantiated afresh for each pass, so every epoch gets the same permutation:
    # RandomShuffle's Fisher-Yates on a fresh Philox(global seed, 0) (random seeds without a global
    # seed, as in TF).
    g = _tf.random.get_global_seed()
    if g is None:
        t = int(_core.timestamp() * 1e6)
        s1, s2 = t & 0x7FFFFFFF, (t >> 31) & 0x7FFFFFFF
    else:
        s1, s2 = g % 2147483647, 0
        if s1 == 0:
            s2 = 2147483647
    perm = list(range(n))
    draws = _core.philox_u32(s1, s2, 0, max(n - 1, 0))
    for i in range(n - 1):
        j = i + draws[i] % (n - i)
        perm[i], perm[j] = perm[j], perm[i]
    return _tf.constant(perm, _tf.int64)


class _OutputLosses:
    # Keras 3's CompileLoss for a model with several outputs: a loss per output (a dict by output
    # name, or a list in the outputs' flattened order), each tracked as "<output>_loss" without
    # its weight; the total is the weighted sum.
    def __init__(self, model, loss, loss_weights):
        outs = model.__dict__.get("_fn_outputs")
        if isinstance(outs, dict):
            names = list(outs.keys())  # Keras's output_names: the outputs dict's own order
        else:
            names = [kt._history[0].name for kt in _tf.nest.flatten(outs)] if outs is not None else []
        self._by_name = isinstance(outs, dict)
        if isinstance(loss, dict):
            unknown = [k for k in loss if k not in names]
            if unknown:
                raise ValueError("In the dict argument `loss`, key '%s' does not correspond to any model output. "
                                 "Received:\nloss=%s" % (unknown[0], loss))
            chosen = [(i, n, loss[n]) for i, n in enumerate(names) if n in loss and loss[n] is not None]
        else:
            # (Keras accepts a list of another length here; what it does with one is not known here.)
            if len(loss) != len(names):
                raise NotImplementedError("a loss list of %d entries for a model with %d outputs is not supported by "
                                          "GraphLens" % (len(loss), len(names)))
            chosen = [(i, n, l) for i, (n, l) in enumerate(zip(names, loss)) if l is not None]
        if isinstance(loss_weights, dict):
            weight = lambda i, n: loss_weights.get(n)
        elif loss_weights is not None:
            weight = lambda i, n: loss_weights[i]
        else:
            weight = lambda i, n: None
        self._entries = [(i, n, _get_loss(l), weight(i, n)) for i, n, l in chosen]
        self.trackers = [Mean(name=n + "_loss") for _, n, _, _ in self._entries]

    def __call__(self, y_true, y_pred, sample_weight=None):
        total = None
        for (i, name, fn, w), tracker in zip(self._entries, self.trackers):
            yt = y_true[name] if isinstance(y_true, dict) else _tf.nest.flatten(y_true)[i]
            yp = y_pred[name] if isinstance(y_pred, dict) else _tf.nest.flatten(y_pred)[i]
            value = _tf.cast(fn(yt, yp, sample_weight), _tf.float32)
            tracker.update_state(value, sample_weight=_batch_len(yp))
            if w is not None:
                value = value * w
            total = value if total is None else total + value
        return total


class _CompileMetrics:
    # The container Keras 3 keeps the compiled metrics in: one entry of `model.metrics`, built
    # from the first (y, y_pred) it sees; its result is a dict of its metrics' results.
    def __init__(self, model):
        self._model = model
        self.name = "compile_metrics"

    @property
    def metrics(self):
        return list(self._model._metrics or [])

    def update_state(self, y_true, y_pred, sample_weight=None):
        self._model._update_metrics(y_true, y_pred, sample_weight)

    def result(self):
        return {m.name: m.result() for m in self.metrics}

    def reset_state(self):
        for m in self.metrics:
            m.reset_state()


def _step_data(x, y, sw):
    # What fit hands train_step / test_step: (x,), (x, y) or (x, y, sample_weight).
    if y is None and sw is None:
        return (x,)
    return (x, y) if sw is None else (x, y, sw)


def _pythonify_logs(logs):
    # Keras's logs: sorted by name, nested dicts flattened in place, values as Python floats.
    out = {}
    for k in sorted((logs or {}).keys()):
        v = logs[k]
        if isinstance(v, dict):
            out.update(_pythonify_logs(v))
        else:
            try:
                out[k] = float(v)
            except (TypeError, ValueError):
                out[k] = v
    return out


def _class_weights_of(y, class_weight):
    # Keras: each sample weighs its class's weight (the argmax of one-hot targets); classes not
    # in the dict weigh 1.
    y = _tf.convert_to_tensor(y)
    shape = _core.shape_of(y)
    if len(shape) == 2 and shape[1] > 1:
        y = _tf.argmax(y, axis=1)
    elif len(shape) == 2 and shape[1] == 1:
        y = _tf.squeeze(y, axis=-1)
    y = _tf.cast(_tf.round(_tf.cast(y, _tf.float64)), _tf.int64).numpy()
    return _tf.constant([float(class_weight.get(int(c), 1.0)) for c in _np.reshape(y, (-1,))], _tf.float32)


class PyDataset:
    # keras.utils.PyDataset: batches from __getitem__, __len__ of them. Workers are accepted and
    # the batches computed in order on the script's thread (Keras's enqueuer yields them in order too).
    def __init__(self, workers=1, use_multiprocessing=False, max_queue_size=10):
        self._workers = workers
        self._use_multiprocessing = use_multiprocessing
        self._max_queue_size = max_queue_size

    @property
    def workers(self):
        return self.__dict__.get("_workers", 1)

    @property
    def use_multiprocessing(self):
        return self.__dict__.get("_use_multiprocessing", False)

    @property
    def max_queue_size(self):
        return self.__dict__.get("_max_queue_size", 10)

    @property
    def num_batches(self):
        if hasattr(self, "__len__"):
            return len(self)
        return None

    def on_epoch_begin(self):
        pass

    def on_epoch_end(self):
        pass

    def __getitem__(self, index):
        raise NotImplementedError


def _py_dataset_batch(batch):
    if isinstance(batch, dict):
        return batch, None, None
    if isinstance(batch, _np.ndarray):
        batch = (batch,)
    if isinstance(batch, list):
        batch = tuple(batch)
    if not isinstance(batch, tuple) or len(batch) not in (1, 2, 3):
        raise ValueError("PyDataset.__getitem__() must return a tuple or a dict. If a tuple, it must be ordered "
                         "either (input,) or (inputs, targets) or (inputs, targets, sample_weights). "
                         "Received: %s" % (str(batch)[:100],))
    return _unpack_xy(tuple(_as_tensor_tree(v) for v in batch))


def _py_dataset_batches(x, shuffle):
    # Keras's PyDataset adapter: the batch order shuffled with Python's random module when the
    # pass starts (fit shuffles, evaluate and predict do not).
    indices = range(x.num_batches)
    if shuffle:
        indices = list(indices)
        _pyrandom.shuffle(indices)
    for i in indices:
        yield _py_dataset_batch(x[i])


def _dataset_batches(x, it, known_length_quirk):
    for e in it:
        yield _unpack_xy(e) if isinstance(e, tuple) else (e, None, None)
    # Keras' epoch iterator makes the next pass's iterator as soon as a pass of known length
    # ends (and then a fresh one at the next pass): for a shuffled dataset, one more order.
    if known_length_quirk and x._card() >= 0:
        iter(x)


def _num_batches(x, batch_size):
    if _is_dataset(x):
        c = x._card()
        return c if c >= 0 else None
    if isinstance(x, PyDataset):
        return x.num_batches
    n = _batch_len(_as_tensor_tree(x))
    bs = batch_size or 32
    return (n + bs - 1) // bs


def _batches(x, y, sw, batch_size, shuffle, known_length_quirk=True):
    # (x, y, sample_weight) batches of a dataset, a PyDataset or in-memory arrays (Keras' array
    # adapter: batch_size 32 by default, a fresh permutation per epoch when shuffle=True). A
    # dataset's iterator is made here, when the pass is asked for, as Keras makes it.
    if _is_dataset(x):
        return _dataset_batches(x, iter(x), known_length_quirk)
    if isinstance(x, PyDataset):
        return _py_dataset_batches(x, shuffle)
    return _array_batches(x, y, sw, batch_size, shuffle)


def _array_batches(x, y, sw, batch_size, shuffle):
    x = _as_tensor_tree(x)
    y = _as_tensor_tree(y) if y is not None else None
    sw = _as_tensor_tree(sw) if sw is not None else None
    n = _batch_len(x)
    bs = batch_size or 32
    perm = None
    if shuffle and shuffle != "batch":
        perm = _array_permutation(n)
    for a in range(0, n, bs):
        b = min(a + bs, n)
        if perm is None:
            sel = lambda t: t[a:b]
        else:
            idx = perm[a:b]
            sel = lambda t: _tf.gather(t, idx)
        yield (_tf.nest.map_structure(sel, x), None if y is None else _tf.nest.map_structure(sel, y),
               None if sw is None else _tf.nest.map_structure(sel, sw))


class Sequential(Model):
    def __init__(self, layers=None, name=None, trainable=True, **kw):
        Model.__init__(self, name=name or _unique_name("sequential"), trainable=trainable)
        self.__dict__["_layers_list"] = []
        self.__dict__["_input_kt"] = None
        for l in layers or []:
            self.add(l)

    def add(self, layer):
        if isinstance(layer, KerasTensor):
            layer = layer._history[0]
        if isinstance(layer, InputLayer):
            self.__dict__["_input_kt"] = layer.output
            self._build_symbolic()
            return
        self._layers_list.append(layer)
        if self._input_kt is not None:
            self._build_symbolic()

    def pop(self):
        self._layers_list.pop()

    def _build_symbolic(self):
        kt = self._input_kt
        _path_scope.append(self.name)
        try:
            for l in self._layers_list:
                kt = l(kt)
        finally:
            _path_scope.pop()
        self.__dict__["_out_shape"] = kt.shape
        self.__dict__["_in_shape"] = self._input_kt.shape
        self.__dict__["built"] = True

    @property
    def layers(self):
        return list(self._layers_list)

    @property
    def _sublayers(self):
        return list(self._layers_list)

    @property
    def inputs(self):
        if self._input_kt is None:
            raise AttributeError("Sequential model '%s' has no defined inputs yet." % self.name)
        return [self._input_kt]

    @property
    def outputs(self):
        if self._input_kt is None or not self._layers_list:
            raise AttributeError("Sequential model '%s' has no defined outputs yet." % self.name)
        return [self._layers_list[-1].output]

    def build(self, input_shape=None):
        if input_shape is not None and self._input_kt is None:
            self.__dict__["_input_kt"] = InputLayer(batch_shape=tuple(input_shape)).output
            self._build_symbolic()
        self.__dict__["built"] = True

    def __call__(self, *args, **kwargs):
        if _is_symbolic(args, kwargs):
            return Layer.__call__(self, *args, **kwargs)
        x = args[0] if args else kwargs.get("inputs")
        x = x if _tf.is_tensor(x) else _tf.convert_to_tensor(x)
        # (Not while tracing: the symbolic build runs the layers on zeros, which would land in the graph.)
        if not self.built and self._input_kt is None and self._layers_list and not _core.tracing():
            # Keras 3 builds a Sequential on its first call from the batch's full shape (an
            # InputLayer of that batch_shape): summary() then shows (1, 2), not (None, 2).
            self.build(tuple(_core.shape_of(x)))
        if self._in_shape is None:
            self.__dict__["_in_shape"] = (None,) + tuple(_core.shape_of(x))[1:]
        if not self.built:
            self.__dict__["built"] = True
        training = kwargs.get("training")
        _path_scope.append(self.name)
        try:
            for l in self._layers_list:
                if training is not None and l._call_has_training():
                    x = l(x, training=training)
                else:
                    x = l(x)
        finally:
            _path_scope.pop()
        if self._out_shape is None:
            self.__dict__["_out_shape"] = (None,) + tuple(_core.shape_of(x))[1:]
        return x

    def call(self, inputs, training=None, mask=None):
        return self.__call__(inputs, training=training)


# ----- summary --------------------------------------------------------------------------------
def _fmt_shape(s):
    if s is None:
        return "?"
    if isinstance(s, tuple) and len(s) == 1:
        return "(%s,)" % ("None" if s[0] is None else s[0])
    if isinstance(s, tuple):
        return "(" + ", ".join("None" if d is None else str(d) for d in s) + ")"
    return str(s)


def _readable_size(n):
    units = ["B", "KB", "MB", "GB", "TB", "PB"]
    for u in units:
        if n / 1024 < 1:
            return "%.2f %s" % (n, u)
        n = n / 1024
    return "%.2f %s" % (n, units[-1])


def _weights_size(ws):
    n = 0
    b = 0
    for w in ws:
        k = 1
        for d in _core.shape_of(w):
            k *= d
        n += k
        b += k * w.dtype.size
    return n, b


def _column_widths(line_length, positions):
    # Keras' column positions, then rich's reduction of the padded cells to the table width
    # (ratio_reduce with equal ratios).
    cells = []
    cur = 0
    for p in positions:
        w = int(p * line_length) - cur
        cur += w
        cells.append(w + 2)
    excess = sum(cells) - (line_length - len(cells) - 1)
    if excess > 0:
        total_ratio = len(cells)
        out = []
        for c in cells:
            dist = min(c, round(excess / total_ratio))
            out.append(c - dist)
            excess -= dist
            total_ratio -= 1
        cells = out
    return cells


def _rich_wrap(text, width):
    # rich's cell text: words wrapped greedily to the width; a word longer than the width gets a
    # line of its own, cut to width - 1 and an ellipsis.
    lines, cur = [], ""
    for word in text.split(" "):
        if not cur:
            cur = word
        elif len(cur) + 1 + len(word) <= width:
            cur += " " + word
        else:
            lines.append(cur)
            cur = word
    lines.append(cur)
    return [ln if len(ln) <= width else ln[:width - 1] + "…" for ln in lines]


def _functional_layout(model):
    # Keras prints a functional model with a "Connected to" column unless it is a plain chain:
    # no layer reads two tensors, no tensor feeds two layers, one input and one output.
    nodes = model.__dict__.get("_fn_nodes")
    if not nodes:
        return None
    if len(_tf.nest.flatten(model._fn_inputs)) > 1 or len(_tf.nest.flatten(model._fn_outputs)) > 1:
        return nodes
    readers = {}
    for layer, args, kwargs, out in nodes:
        kts = [a for a in _tf.nest.flatten(list(args)) + _tf.nest.flatten(list(kwargs.values()))
               if isinstance(a, KerasTensor)]
        if len(kts) > 1:
            return nodes
        for kt in kts:
            readers[id(kt)] = readers.get(id(kt), 0) + 1
    if any(n > 1 for n in readers.values()):
        return nodes
    return None


def _connections(layer, nodes):
    parts = []
    for owner, args, kwargs, out in nodes:
        if owner is not layer:
            continue
        for kt in _tf.nest.flatten(list(args)) + _tf.nest.flatten(list(kwargs.values())):
            if not isinstance(kt, KerasTensor) or kt._history is None:
                continue
            src = kt._history[0]
            src_nodes = src.__dict__.get("_kt_nodes") or []
            node_index, tensor_index = 0, 0
            for ni, (_, _, res) in enumerate(src_nodes):
                flat = _tf.nest.flatten(res)
                if any(t is kt for t in flat):
                    node_index, tensor_index = ni, [j for j, t in enumerate(flat) if t is kt][0]
                    break
            parts.append("%s[%d][%d]" % (src.name, node_index, tensor_index))
    return ", ".join(parts) if parts else "-"


def _summary_text(model):
    nodes = _functional_layout(model)
    if nodes is None:
        widths = _column_widths(min(88, _core.terminal_columns() - 4), [0.45, 0.80, 1.0])
        header = ("Layer (type)", "Output Shape", "Param #")
        aligns = "llr"
    else:
        widths = _column_widths(min(108, _core.terminal_columns() - 4), [0.3, 0.56, 0.74, 1.0])
        header = ("Layer (type)", "Output Shape", "Param #", "Connected to")
        aligns = "llrl"
    rows = []
    for l in model.layers:
        n, _ = _weights_size(l.weights)
        row = ["%s (%s)" % (l.name, type(l).__name__), _fmt_shape(l._out_shape), "{:,}".format(n)]
        if nodes is not None:
            row.append(_connections(l, nodes))
        rows.append(row)

    def line(l, m, r, fill):
        return l + m.join(fill * w for w in widths) + r

    def cells(vals, bar):
        wrapped = [_rich_wrap(v, w - 2) for v, w in zip(vals, widths)]
        out = []
        for k in range(max(len(c) for c in wrapped)):
            parts = []
            for c, w, a in zip(wrapped, widths, aligns):
                txt = c[k] if k < len(c) else ""
                parts.append(" " + (txt.ljust(w - 2) if a == "l" else txt.rjust(w - 2)) + " ")
            out.append(bar + bar.join(parts) + bar)
        return out

    out = ['Model: "%s"' % model.name]
    out.append(line("┏", "┳", "┓", "━"))
    out += cells(header, "┃")
    out.append(line("┡", "╇", "┩", "━"))
    for i, r in enumerate(rows):
        out += cells(r, "│")
        if i + 1 < len(rows):
            out.append(line("├", "┼", "┤", "─"))
    out.append(line("└", "┴", "┘", "─"))
    tn, tb = _weights_size(model.weights)
    trn, trb = _weights_size(model.trainable_weights)
    ntn, ntb = _weights_size(model.non_trainable_weights)
    out.append(" Total params: %s (%s)" % ("{:,}".format(tn), _readable_size(tb)))
    out.append(" Trainable params: %s (%s)" % ("{:,}".format(trn), _readable_size(trb)))
    out.append(" Non-trainable params: %s (%s)" % ("{:,}".format(ntn), _readable_size(ntb)))
    return "\n".join(out)


# ----- utils and namespaces ------------------------------------------------------------------------
def _to_categorical(x, num_classes=None):
    x = _np.array(x, dtype="int64").reshape(-1)
    if num_classes is None:
        num_classes = int(x.max()) + 1
    return _np.eye(num_classes, dtype="float32")[x]


utils = _Namespace(set_random_seed=_set_random_seed, to_categorical=_to_categorical, PyDataset=PyDataset,
                   Sequence=PyDataset,
                   get_random_seed=lambda: None)
backend = _Namespace(clear_session=_clear_session, floatx=lambda: "float32", epsilon=lambda: 1e-7)

layers = _Namespace(Layer=Layer, InputLayer=InputLayer, Input=Input, Dense=Dense, Conv2D=Conv2D,
                    DepthwiseConv2D=DepthwiseConv2D, SeparableConv2D=SeparableConv2D, ZeroPadding2D=ZeroPadding2D,
                    MaxPooling2D=MaxPooling2D, MaxPool2D=MaxPooling2D, AveragePooling2D=AveragePooling2D,
                    AvgPool2D=AveragePooling2D, GlobalAveragePooling2D=GlobalAveragePooling2D,
                    GlobalMaxPooling2D=GlobalMaxPooling2D, Flatten=Flatten, Reshape=Reshape, Dropout=Dropout,
                    Activation=Activation, ReLU=ReLU, LeakyReLU=LeakyReLU, Softmax=Softmax,
                    BatchNormalization=BatchNormalization, Lambda=Lambda, Concatenate=Concatenate, Add=Add,
                    Embedding=Embedding, LayerNormalization=LayerNormalization, Rescaling=Rescaling, Conv1D=Conv1D,
                    MaxPooling1D=MaxPooling1D, MaxPool1D=MaxPooling1D, AveragePooling1D=AveragePooling1D,
                    AvgPool1D=AveragePooling1D, GlobalAveragePooling1D=GlobalAveragePooling1D,
                    GlobalMaxPooling1D=GlobalMaxPooling1D, Multiply=Multiply, Subtract=Subtract,
                    concatenate=_concatenate, add=_add, multiply=_multiply, subtract=_subtract, LSTM=LSTM,
                    LSTMCell=LSTMCell, Conv2DTranspose=Conv2DTranspose, Convolution2DTranspose=Conv2DTranspose,
                    GRU=GRU, GRUCell=GRUCell, EinsumDense=EinsumDense, MultiHeadAttention=MultiHeadAttention)
models = _Namespace(Model=Model, Sequential=Sequential)
