# tf.keras for GraphLens, part 3: losses, metrics, optimizers and callbacks (Keras 3 update rules
# and reductions, op by op, so that results match in float32).


def _f(x, dtype=None):
    if _core.is_variable(x):
        x = x.value()
    return _tf.convert_to_tensor(x) if dtype is None else _tf.cast(_tf.convert_to_tensor(x), dtype)


def _to_dtype(x, dtype):
    # Keras's convert_to_tensor(x, dtype): a tensor of another dtype is cast; a Python value
    # becomes a tensor of that dtype directly.
    if _core.is_variable(x):
        x = x.value()
    if _tf.is_tensor(x):
        return x if x.dtype == dtype else _tf.cast(x, dtype)
    if dtype.is_integer or dtype == _tf.bool:
        return _f(x, dtype)
    try:
        return _tf.convert_to_tensor(x, dtype)
    except (TypeError, ValueError):
        return _f(x, dtype)


def _squeeze_or_expand(y_true, y_pred):
    rt = len(_core.shape_of(y_true))
    rp = len(_core.shape_of(y_pred))
    if rt == rp + 1 and _core.shape_of(y_true)[-1] == 1:
        y_true = _tf.squeeze(y_true, -1)
    elif rp == rt + 1 and _core.shape_of(y_pred)[-1] == 1:
        y_pred = _tf.squeeze(y_pred, -1)
    return y_true, y_pred


def _reduce(values, sample_weight, reduction):
    # Keras's reduce_weighted_values, op for op (a traced loss holds the same nodes as TF's).
    if sample_weight is not None:
        sw = _f(sample_weight, values.dtype)
        values, sw = _squeeze_or_expand(values, sw)
        values = values * sw
    shape = _core.shape_of(values)
    if reduction is None or reduction == "none" or tuple(shape) in ((), (0,)):
        return values
    total = _tf.reduce_sum(values)
    if reduction in ("sum_over_batch_size", "mean", "mean_with_sample_weight", "auto"):
        # ops.shape: tf.shape (a constant when the shape is static, made though unused), with the
        # static dims where known; converted to an int32 tensor.
        if None in shape:
            dynamic = _tf.shape(values)
            n = _tf.stack([dynamic[i] if d is None else d for i, d in enumerate(shape)])
        else:
            _tf.constant(list(shape), _tf.int32)
            n = _tf.constant(list(shape), _tf.int32)
        total = _tf.math.divide_no_nan(total, _tf.cast(_tf.reduce_prod(n), total.dtype))
    return total


# ----- loss functions (per sample) -----------------------------------------------------------
def mean_squared_error(y_true, y_pred):
    y_pred = _f(y_pred)
    y_true = _f(y_true, y_pred.dtype)
    y_true, y_pred = _squeeze_or_expand(y_true, y_pred)
    return _tf.reduce_mean(_tf.square(y_true - y_pred), axis=-1)


def mean_absolute_error(y_true, y_pred):
    y_pred = _f(y_pred)
    y_true = _f(y_true, y_pred.dtype)
    y_true, y_pred = _squeeze_or_expand(y_true, y_pred)
    return _tf.reduce_mean(_tf.abs(y_true - y_pred), axis=-1)


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, axis=-1, ignore_class=None):
    out = _f(y_pred)
    target = _f(y_true)
    if len(_core.shape_of(target)) == len(_core.shape_of(out)) and _core.shape_of(target)[-1] == 1:
        target = _tf.squeeze(target, -1)
    target = _tf.cast(target, _tf.int64)
    if not from_logits:
        eps = 1e-7
        out = _tf.math.log(_tf.clip_by_value(out, eps, 1.0 - eps))
    return _tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=out)


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    out = _f(y_pred)
    target = _f(y_true, out.dtype)
    if from_logits:
        return _tf.nn.softmax_cross_entropy_with_logits(labels=target, logits=out, axis=axis)
    out = out / _tf.reduce_sum(out, axis, keepdims=True)
    eps = 1e-7
    out = _tf.clip_by_value(out, eps, 1.0 - eps)
    return -_tf.reduce_sum(target * _tf.math.log(out), axis)


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    out = _f(y_pred)
    target = _f(y_true, out.dtype)
    target, out = _squeeze_or_expand(target, out)
    if from_logits:
        bce = _tf.nn.sigmoid_cross_entropy_with_logits(labels=target, logits=out)
    else:
        eps = 1e-7
        out = _tf.clip_by_value(out, eps, 1.0 - eps)
        bce = target * _tf.math.log(out + eps)
        bce = bce + (1 - target) * _tf.math.log(1 - out + eps)
        bce = -bce
    return _tf.reduce_mean(bce, axis=axis)


class Loss:
    def __init__(self, name=None, reduction="sum_over_batch_size", dtype=None):
        self.name = name or _to_snake(type(self).__name__)
        self.reduction = reduction
        self.dtype = _tf.as_dtype(dtype) if dtype is not None else _tf.float32

    def __call__(self, y_true, y_pred, sample_weight=None):
        # Keras converts both to the loss dtype first (integer labels become floats: a Cast).
        return _reduce(self.call(_to_dtype(y_true, self.dtype), _to_dtype(y_pred, self.dtype)), sample_weight,
                       self.reduction)

    def call(self, y_true, y_pred):
        raise NotImplementedError


class LossFunctionWrapper(Loss):
    def __init__(self, fn, name=None, reduction="sum_over_batch_size", **kwargs):
        Loss.__init__(self, name=name, reduction=reduction)
        self.fn = fn
        self._fn_kwargs = kwargs

    def call(self, y_true, y_pred):
        return self.fn(y_true, y_pred, **self._fn_kwargs)


class MeanSquaredError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_squared_error", dtype=None):
        LossFunctionWrapper.__init__(self, mean_squared_error, name=name, reduction=reduction)


class MeanAbsoluteError(LossFunctionWrapper):
    def __init__(self, reduction="sum_over_batch_size", name="mean_absolute_error", dtype=None):
        LossFunctionWrapper.__init__(self, mean_absolute_error, name=name, reduction=reduction)


class SparseCategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, ignore_class=None, reduction="sum_over_batch_size",
                 name="sparse_categorical_crossentropy", dtype=None):
        LossFunctionWrapper.__init__(self, sparse_categorical_crossentropy, name=name, reduction=reduction,
                                     from_logits=from_logits)
        self.from_logits = from_logits


class CategoricalCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction="sum_over_batch_size",
                 name="categorical_crossentropy", dtype=None):
        LossFunctionWrapper.__init__(self, categorical_crossentropy, name=name, reduction=reduction,
                                     from_logits=from_logits)
        self.from_logits = from_logits


class BinaryCrossentropy(LossFunctionWrapper):
    def __init__(self, from_logits=False, label_smoothing=0.0, axis=-1, reduction="sum_over_batch_size",
                 name="binary_crossentropy", dtype=None):
        LossFunctionWrapper.__init__(self, binary_crossentropy, name=name, reduction=reduction,
                                     from_logits=from_logits)
        self.from_logits = from_logits


_loss_names = {
    "mse": MeanSquaredError, "mean_squared_error": MeanSquaredError, "mae": MeanAbsoluteError,
    "mean_absolute_error": MeanAbsoluteError, "sparse_categorical_crossentropy": SparseCategoricalCrossentropy,
    "categorical_crossentropy": CategoricalCrossentropy, "binary_crossentropy": BinaryCrossentropy,
}


def _get_loss(x):
    if x is None or isinstance(x, Loss):
        return x
    if isinstance(x, str):
        if x not in _loss_names:
            raise ValueError("Could not interpret loss identifier: %s" % x)
        return _loss_names[x]()
    if isinstance(x, type):
        return x()
    return LossFunctionWrapper(x, name=getattr(x, "__name__", "loss"))


# tf.keras.losses (keras._tf_keras) and Keras 3's keras.losses differ in the function names: the
# first has the short aliases (MSE, mse, MAE, mae) but not mean_squared_error, the second the
# long names only. The `keras` module takes _keras3_losses as its `losses`.
_loss_classes = dict(Loss=Loss, MeanSquaredError=MeanSquaredError, MeanAbsoluteError=MeanAbsoluteError,
                     SparseCategoricalCrossentropy=SparseCategoricalCrossentropy,
                     CategoricalCrossentropy=CategoricalCrossentropy, BinaryCrossentropy=BinaryCrossentropy,
                     sparse_categorical_crossentropy=sparse_categorical_crossentropy,
                     categorical_crossentropy=categorical_crossentropy, binary_crossentropy=binary_crossentropy,
                     get=_get_loss)
losses = _Namespace(MSE=mean_squared_error, mse=mean_squared_error, MAE=mean_absolute_error,
                    mae=mean_absolute_error,
                    Reduction=_Namespace(SUM="sum", NONE="none", AUTO="sum_over_batch_size",
                                         SUM_OVER_BATCH_SIZE="sum_over_batch_size"), **_loss_classes)
_keras3_losses = _Namespace(mean_squared_error=mean_squared_error, mean_absolute_error=mean_absolute_error,
                            **_loss_classes)


# ----- metrics -----------------------------------------------------------------------------------
class Metric:
    def __init__(self, name=None, dtype=None):
        self.name = name or _to_snake(type(self).__name__)
        self._vars = []

    def add_variable(self, shape, initializer, dtype=None, name=None):
        v = _tf.Variable(_get_initializer(initializer)(shape, dtype or "float32"), trainable=False, name=name)
        _core.var_set_keras(v, name, self.name + "/" + name)
        self._vars.append((v, initializer))
        return v

    @property
    def variables(self):
        return [v for v, _ in self._vars]

    def reset_state(self):
        for v, init in self._vars:
            v.assign(_get_initializer(init)(_core.shape_of(v), v.dtype))

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()


class Mean(Metric):
    def __init__(self, name="mean", dtype=None):
        Metric.__init__(self, name=name)
        self.total = self.add_variable((), "zeros", name="total")
        self.count = self.add_variable((), "zeros", name="count")

    def update_state(self, values, sample_weight=None):
        values = _f(values, _tf.float32)
        if sample_weight is not None:
            sw = _f(sample_weight, _tf.float32)
            values, sw = _squeeze_or_expand(values, sw)
            if len(_core.shape_of(sw)) <= len(_core.shape_of(values)):
                sw = _tf.broadcast_to(sw, _core.shape_of(values))
            values = values * sw
            self.total.assign_add(_tf.reduce_sum(values))
            self.count.assign_add(_tf.reduce_sum(sw))
        else:
            self.total.assign_add(_tf.reduce_sum(values))
            n = 1
            for d in _core.shape_of(values):
                n *= d
            self.count.assign_add(_tf.constant(float(n)))

    def result(self):
        return _tf.math.divide_no_nan(self.total.read_value(), self.count.read_value())


class Sum(Metric):
    def __init__(self, name="sum", dtype=None):
        Metric.__init__(self, name=name)
        self.total = self.add_variable((), "zeros", name="total")

    def update_state(self, values, sample_weight=None):
        values = _f(values, _tf.float32)
        if sample_weight is not None:
            values = values * _f(sample_weight, _tf.float32)
        self.total.assign_add(_tf.reduce_sum(values))

    def result(self):
        return self.total.read_value()


def _sparse_categorical_accuracy(y_true, y_pred):
    y_pred = _f(y_pred)
    y_true = _f(y_true)
    if len(_core.shape_of(y_true)) == len(_core.shape_of(y_pred)) and _core.shape_of(y_true)[-1] == 1:
        y_true = _tf.squeeze(y_true, -1)
    pred = _tf.argmax(y_pred, axis=-1)
    return _tf.cast(_tf.equal(_tf.cast(y_true, pred.dtype), pred), _tf.float32)


def _categorical_accuracy(y_true, y_pred):
    return _tf.cast(_tf.equal(_tf.argmax(_f(y_true), -1), _tf.argmax(_f(y_pred), -1)), _tf.float32)


def _binary_accuracy(y_true, y_pred, threshold=0.5):
    y_pred = _f(y_pred)
    y_true = _f(y_true, y_pred.dtype)
    y_true, y_pred = _squeeze_or_expand(y_true, y_pred)
    p = _tf.cast(y_pred > threshold, y_pred.dtype)
    return _tf.reduce_mean(_tf.cast(_tf.equal(y_true, p), _tf.float32), axis=-1)


def _accuracy(y_true, y_pred):
    y_pred = _f(y_pred)
    y_true = _f(y_true, y_pred.dtype)
    y_true, y_pred = _squeeze_or_expand(y_true, y_pred)
    return _tf.cast(_tf.equal(y_true, y_pred), _tf.float32)


class MeanMetricWrapper(Mean):
    def __init__(self, fn, name=None, dtype=None, **kwargs):
        Mean.__init__(self, name=name)
        self._fn = fn
        self._fn_kwargs = kwargs

    def update_state(self, y_true, y_pred, sample_weight=None):
        Mean.update_state(self, self._fn(y_true, y_pred, **self._fn_kwargs), sample_weight)


class SparseCategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name="sparse_categorical_accuracy", dtype=None):
        MeanMetricWrapper.__init__(self, _sparse_categorical_accuracy, name=name)


class CategoricalAccuracy(MeanMetricWrapper):
    def __init__(self, name="categorical_accuracy", dtype=None):
        MeanMetricWrapper.__init__(self, _categorical_accuracy, name=name)


class BinaryAccuracy(MeanMetricWrapper):
    def __init__(self, name="binary_accuracy", dtype=None, threshold=0.5):
        MeanMetricWrapper.__init__(self, _binary_accuracy, name=name, threshold=threshold)


class Accuracy(MeanMetricWrapper):
    def __init__(self, name="accuracy", dtype=None):
        MeanMetricWrapper.__init__(self, _accuracy, name=name)


class MeanSquaredErrorMetric(MeanMetricWrapper):
    def __init__(self, name="mean_squared_error", dtype=None):
        MeanMetricWrapper.__init__(self, mean_squared_error, name=name)


class MeanAbsoluteErrorMetric(MeanMetricWrapper):
    def __init__(self, name="mean_absolute_error", dtype=None):
        MeanMetricWrapper.__init__(self, mean_absolute_error, name=name)


def _get_metric(m, loss, y_true, y_pred):
    # compile(metrics=[...]): strings resolved like Keras 3's get_metric (accuracy by label / output shape)
    if not isinstance(m, str):
        return m if isinstance(m, Metric) else MeanMetricWrapper(m, name=getattr(m, "__name__", "metric"))
    if m in ("accuracy", "acc"):
        ts = _core.shape_of(y_true)
        ps = _core.shape_of(y_pred)
        if ps[-1] == 1 or isinstance(loss, BinaryCrossentropy):
            r = BinaryAccuracy(name=m)
        elif isinstance(loss, SparseCategoricalCrossentropy) or len(ts) < len(ps) or ts[-1] == 1:
            r = SparseCategoricalAccuracy(name=m)
        else:
            r = CategoricalAccuracy(name=m)
        return r
    table = {"mse": MeanSquaredErrorMetric, "mean_squared_error": MeanSquaredErrorMetric,
             "mae": MeanAbsoluteErrorMetric, "mean_absolute_error": MeanAbsoluteErrorMetric,
             "sparse_categorical_accuracy": SparseCategoricalAccuracy,
             "categorical_accuracy": CategoricalAccuracy, "binary_accuracy": BinaryAccuracy}
    if m not in table:
        raise ValueError("Could not interpret metric identifier: %s" % m)
    r = table[m]()
    r.name = m
    return r


_metric_classes = dict(Metric=Metric, Mean=Mean, Sum=Sum, MeanMetricWrapper=MeanMetricWrapper,
                       SparseCategoricalAccuracy=SparseCategoricalAccuracy, CategoricalAccuracy=CategoricalAccuracy,
                       BinaryAccuracy=BinaryAccuracy, Accuracy=Accuracy, MeanSquaredError=MeanSquaredErrorMetric,
                       MeanAbsoluteError=MeanAbsoluteErrorMetric,
                       sparse_categorical_accuracy=_sparse_categorical_accuracy,
                       categorical_accuracy=_categorical_accuracy, binary_accuracy=_binary_accuracy)
# The same split of names as the losses'.
metrics = _Namespace(MSE=mean_squared_error, mse=mean_squared_error, MAE=mean_absolute_error,
                     mae=mean_absolute_error, **_metric_classes)
_keras3_metrics = _Namespace(mean_squared_error=mean_squared_error, mean_absolute_error=mean_absolute_error,
                             **_metric_classes)


# ----- optimizers ----------------------------------------------------------------------------
def _op_identity_n(xs):
    return _core.op("IdentityN", [list(xs)], {}, None, True)


class Optimizer:
    def __init__(self, learning_rate=0.001, name=None, **kwargs):
        self.name = name or _to_snake(type(self).__name__)
        self.iterations = _tf.Variable(_tf.constant(0, _tf.int64), trainable=False, name="iteration")
        _core.var_set_keras(self.iterations, "iteration", self.name + "/iteration")
        self._lr_schedule = None
        if callable(learning_rate) and not _tf.is_tensor(learning_rate):
            self._lr_schedule = learning_rate
            learning_rate = float(learning_rate(0))
        self._learning_rate = _tf.Variable(_tf.constant(float(learning_rate), _tf.float32), trainable=False,
                                           name="learning_rate")
        _core.var_set_keras(self._learning_rate, "learning_rate", self.name + "/learning_rate")
        self._index = {}
        self._built = False

    @property
    def learning_rate(self):
        return self._learning_rate

    @learning_rate.setter
    def learning_rate(self, value):
        self._learning_rate.assign(float(value))

    @property
    def lr(self):
        return self._learning_rate

    def _var_index(self, v):
        return self._index[_core.tensor_id(v)]

    def build(self, var_list):
        for i, v in enumerate(var_list):
            self._index[_core.tensor_id(v)] = i
        self._built = True

    def _slot(self, v, name):
        z = _tf.Variable(_tf.zeros(v.shape, v.dtype), trainable=False, name=name)
        _core.var_set_keras(z, v.name + "_" + name, self.name + "/" + v.name + "_" + name)
        return z

    def apply_gradients(self, grads_and_vars):
        pairs = [(g, v) for g, v in grads_and_vars]
        return self.apply([g for g, _ in pairs], [v for _, v in pairs])

    def apply(self, grads, trainable_variables=None):
        pairs = [(g, v) for g, v in zip(grads, trainable_variables) if g is not None]
        if not self._built:
            self.build(list(trainable_variables))
        else:
            new = [v for _, v in pairs if _core.tensor_id(v) not in self._index]
            if new:
                self._extend(new)
        if self._lr_schedule is not None:
            self._learning_rate.assign(float(self._lr_schedule(int(self.iterations))))
        grads = []
        for g, v in pairs:
            if isinstance(g, _tf.IndexedSlices):
                g = _tf._indexed_to_dense(g)
            grads.append(_tf.cast(_f(g), v.dtype))
        grads = self._all_reduce_sum_gradients(grads)
        for g, (_, v) in zip(grads, pairs):
            # Keras casts (reads) the learning-rate variable in each variable's update.
            self.update_step(g, v, _tf.cast(self._learning_rate.value(), v.dtype))
        # Keras's Variable.assign_add(1) is assign(self + 1), the 1 converted (an int32 constant cast).
        self.iterations.assign(self.iterations.value() + _tf.cast(1, _tf.int64))
        return self.iterations

    def _all_reduce_sum_gradients(self, grads):
        # In a graph, the default strategy's replica all-reduce is a custom gradient: an Identity
        # per gradient and one IdentityN over the gradients (twice), whose first outputs are used.
        if not grads or not _core.tracing():
            return grads
        for g in grads:
            _tf.identity(g)
        return list(_op_identity_n(grads + grads))[:len(grads)]

    def _extend(self, new_vars):
        raise ValueError("Unknown variable: this optimizer was built for other variables.")

    def minimize(self, loss, var_list, tape=None):
        tape = tape or _tf.GradientTape()
        with tape:
            l = loss() if callable(loss) else loss
        grads = tape.gradient(l, var_list)
        return self.apply_gradients(zip(grads, var_list))

    def variables(self):
        return [self.iterations, self._learning_rate]


class SGD(Optimizer):
    def __init__(self, learning_rate=0.01, momentum=0.0, nesterov=False, name="SGD", **kwargs):
        Optimizer.__init__(self, learning_rate, name=name)
        self.momentum = momentum
        self.nesterov = nesterov
        self.momentums = []

    def build(self, var_list):
        Optimizer.build(self, var_list)
        if self.momentum != 0:
            self.momentums = [self._slot(v, "momentum") for v in var_list]

    def update_step(self, gradient, variable, learning_rate):
        if self.momentum != 0:
            m = self.momentums[self._var_index(variable)]
            mom = _tf.cast(self.momentum, variable.dtype)
            m.assign(m * mom - gradient * learning_rate)
            if self.nesterov:
                variable.assign_add(m * mom - gradient * learning_rate)
            else:
                variable.assign_add(m.value())
        else:
            variable.assign_sub(gradient * learning_rate)


class Adam(Optimizer):
    def __init__(self, learning_rate=0.001, beta_1=0.9, beta_2=0.999, epsilon=1e-7, amsgrad=False, name="adam",
                 **kwargs):
        Optimizer.__init__(self, learning_rate, name=name)
        self.beta_1 = beta_1
        self.beta_2 = beta_2
        self.epsilon = epsilon
        self.amsgrad = amsgrad

    def build(self, var_list):
        Optimizer.build(self, var_list)
        self._momentums = [self._slot(v, "momentum") for v in var_list]
        self._velocities = [self._slot(v, "velocity") for v in var_list]
        self._vhats = [self._slot(v, "velocity_hat") for v in var_list] if self.amsgrad else []

    def update_step(self, gradient, variable, learning_rate):
        dt = variable.dtype
        local_step = _tf.cast(self.iterations.value() + _tf.cast(1, _tf.int64), dt)
        b1p = _tf.pow(_tf.cast(self.beta_1, dt), local_step)
        b2p = _tf.pow(_tf.cast(self.beta_2, dt), local_step)
        i = self._var_index(variable)
        m = self._momentums[i]
        v = self._velocities[i]
        alpha = learning_rate * _tf.sqrt(1 - b2p) / (1 - b1p)
        m.assign_add((gradient - m) * (1 - self.beta_1))
        v.assign_add((_tf.square(gradient) - v) * (1 - self.beta_2))
        vv = v.value()
        if self.amsgrad:
            vh = self._vhats[i]
            vh.assign(_tf.maximum(vh, vv))
            vv = vh.value()
        variable.assign_sub((m * alpha) / (_tf.sqrt(vv) + self.epsilon))


class RMSprop(Optimizer):
    def __init__(self, learning_rate=0.001, rho=0.9, momentum=0.0, epsilon=1e-7, centered=False, name="rmsprop",
                 **kwargs):
        Optimizer.__init__(self, learning_rate, name=name)
        self.rho = rho
        self.momentum = momentum
        self.epsilon = epsilon
        self.centered = centered

    def build(self, var_list):
        Optimizer.build(self, var_list)
        self._velocities = [self._slot(v, "velocity") for v in var_list]
        self._moms = [self._slot(v, "momentum") for v in var_list] if self.momentum > 0 else []
        self._avg_grads = [self._slot(v, "average_gradient") for v in var_list] if self.centered else []

    def update_step(self, gradient, variable, learning_rate):
        i = self._var_index(variable)
        vel = self._velocities[i]
        rho = self.rho
        vel.assign(rho * vel + (1 - rho) * _tf.square(gradient))
        denom = vel.value()
        if self.centered:
            ag = self._avg_grads[i]
            ag.assign(rho * ag + (1 - rho) * gradient)
            denom = vel - _tf.square(ag)
        increment = learning_rate * gradient / _tf.sqrt(denom + self.epsilon)
        if self.momentum > 0:
            mo = self._moms[i]
            mo.assign(self.momentum * mo + increment)
            variable.assign_sub(mo.value())
        else:
            variable.assign_sub(increment)


_optimizer_names = {"sgd": SGD, "adam": Adam, "rmsprop": RMSprop}


def _get_optimizer(x):
    if isinstance(x, str):
        if x.lower() not in _optimizer_names:
            raise ValueError("Could not interpret optimizer identifier: %s" % x)
        return _optimizer_names[x.lower()]()
    return x


optimizers = _Namespace(Optimizer=Optimizer, SGD=SGD, Adam=Adam, RMSprop=RMSprop, get=_get_optimizer,
                        schedules=_Namespace())


# ----- callbacks -----------------------------------------------------------------------------
class Callback:
    def __init__(self):
        self.model = None
        self.params = {}

    def set_model(self, model):
        self.model = model

    def set_params(self, params):
        self.params = params

    def on_train_begin(self, logs=None):
        pass

    def on_train_end(self, logs=None):
        pass

    def on_epoch_begin(self, epoch, logs=None):
        pass

    def on_epoch_end(self, epoch, logs=None):
        pass

    def on_train_batch_begin(self, batch, logs=None):
        pass

    def on_train_batch_end(self, batch, logs=None):
        pass


class History(Callback):
    def __init__(self):
        Callback.__init__(self)
        self.history = {}
        self.epoch = []

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for k, v in (logs or {}).items():
            self.history.setdefault(k, []).append(v)


class LambdaCallback(Callback):
    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_train_begin=None, on_train_end=None, **kw):
        Callback.__init__(self)
        if on_epoch_begin is not None:
            self.on_epoch_begin = on_epoch_begin
        if on_epoch_end is not None:
            self.on_epoch_end = on_epoch_end
        if on_train_begin is not None:
            self.on_train_begin = on_train_begin
        if on_train_end is not None:
            self.on_train_end = on_train_end


callbacks = _Namespace(Callback=Callback, History=History, LambdaCallback=LambdaCallback)
