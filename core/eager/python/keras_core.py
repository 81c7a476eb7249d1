# tf.keras for GraphLens (Keras 3 behaviour), part 1: naming, seeding, initializers, activations,
# the Layer base class and symbolic tensors (KerasTensor) for Input / the functional API.
# The `tensorflow.keras` module runs keras_core.py, keras_layers.py, keras_train.py, keras_model.py,
# keras_ops.py and keras_saving.py into one dict; `_tf` is the tensorflow module, `_core` its natives.
import math as _math
import random as _pyrandom
import numpy as _np

__version__ = "3.15.1"
_Namespace = _tf._Namespace
_uids = {}
_global_seed_state = [None]   # the unseeded global SeedGenerator's state (Keras' GLOBAL_SEED_GENERATOR)


def _to_snake(name):
    # Keras' to_snake_case: drop non-word characters, then re.sub("(.)([A-Z][a-z]+)", r"\1_\2"),
    # then re.sub("([a-z])([A-Z])", r"\1_\2"), lower-cased ("Conv2D" -> "conv2d", "ReLU" -> "re_lu").
    def upper(c):
        return "A" <= c <= "Z"

    def lower(c):
        return "a" <= c <= "z"

    name = "".join(c for c in name if upper(c) or lower(c) or "0" <= c <= "9" or c == "_")
    out, i = "", 0
    while i < len(name):
        if i + 2 < len(name) and upper(name[i + 1]) and lower(name[i + 2]):
            j = i + 2
            while j < len(name) and lower(name[j]):
                j += 1
            out += name[i] + "_" + name[i + 1:j]
            i = j
        else:
            out += name[i]
            i += 1
    name, out, i = out, "", 0
    while i < len(name):
        if i + 1 < len(name) and lower(name[i]) and upper(name[i + 1]):
            out += name[i] + "_" + name[i + 1]
            i += 2
        else:
            out += name[i]
            i += 1
    return out.lower()


def _unique_name(base):
    n = _uids.get(base, 0)
    _uids[base] = n + 1
    return base if n == 0 else "%s_%d" % (base, n)


def _clear_session():
    _uids.clear()


# ----- random -----------------------------------------------------------------------------------
def _make_default_seed():
    return _pyrandom.randint(1, int(1e9))


class SeedGenerator:
    def __init__(self, seed=None, name=None, **kw):
        if seed is None:
            seed = _make_default_seed()
        self._initial = int(seed)
        self.state = _tf.Variable(_tf.constant([int(seed), 0], _tf.int64), trainable=False, name="seed_generator_state")

    def next(self, ordered=True):
        if _core.tracing():
            # Keras' own ops, so the function's graph advances the state at every call.
            v = self.state.value() * 1
            self.state.assign(_tf.add(self.state, _tf.constant([0, 1], _tf.int64)))
            return v
        v = self.state.numpy().tolist()
        self.state.assign_add(_tf.constant([0, 1], _tf.int64))
        return v


def _cast_seed(seed):
    # Keras' TF backend: int64 seeds are brought into int32 by a floormod.
    if seed.dtype == _tf.int32:
        return seed
    return _tf.cast(_tf.math.floormod(seed, 2147483646), _tf.int32)


def _draw_seed(seed):
    # -> the [s0, s1] pair keras.random hands to the stateless TF op (after _cast_seed); in a
    # trace a tensor made by Keras' ops, as TF's graph has them
    if _core.tracing() and isinstance(seed, (SeedGenerator, int)):
        if isinstance(seed, SeedGenerator):
            return _cast_seed(seed.next())
        return _cast_seed(_tf.cast(_tf.convert_to_tensor([seed, 0]), _tf.int64))
    if isinstance(seed, SeedGenerator):
        s = seed.next()
    elif isinstance(seed, int):
        s = [seed, 0]
    elif seed is None:
        # Keras 3.15's global SeedGenerator: made on first use (a default seed from Python's
        # random), advanced with next(ordered=False): each lane (x + 1) * 5387 % 933199.
        st = _global_seed_state[0]
        if st is None:
            st = [_make_default_seed(), 0]
        s = list(st)
        _global_seed_state[0] = [(st[0] + 1) * 5387 % 933199, (st[1] + 1) * 5387 % 933199]
    else:
        s = [int(x) for x in seed]
    return [s[0] % 2147483646, s[1] % 2147483646]


def _rand_uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    dt = _tf.as_dtype(dtype or "float32")
    return _tf.random.stateless_uniform(shape, seed=_draw_seed(seed), minval=_tf.cast(minval, dt),
                                        maxval=_tf.cast(maxval, dt), dtype=dt)


def _rand_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return _tf.random.stateless_normal(shape, seed=_draw_seed(seed), mean=mean, stddev=stddev,
                                       dtype=_tf.as_dtype(dtype or "float32"))


def _rand_truncated(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    return _tf.random.stateless_truncated_normal(shape, seed=_draw_seed(seed), mean=mean, stddev=stddev,
                                                 dtype=_tf.as_dtype(dtype or "float32"))


def _dropout(x, rate, noise_shape=None, seed=None):
    # Keras' TF backend: tf.nn.experimental.stateless_dropout on tf.shape(x).
    seed = _draw_seed(seed)
    shape = noise_shape if noise_shape is not None else _core.shape_of(x)
    if _core.tracing() and noise_shape is None:
        shape = _tf.shape(x)
    elif shape is None or None in shape:
        shape = _tf.shape(x)  # a dimension known only when the graph runs
    scaled = x * _tf.constant(1.0 / (1.0 - rate), x.dtype)
    rnd = _tf.random.stateless_uniform(shape, seed=seed, dtype=x.dtype)
    keep = rnd >= rate
    return _tf.where(keep, scaled, _tf.constant(0, x.dtype))


def _set_random_seed(seed):
    if not isinstance(seed, int):
        raise ValueError("Expected `seed` argument to be an integer. Received: seed=%s (of type %s)"
                         % (seed, type(seed)))
    _global_seed_state[0] = None
    _pyrandom.seed(seed)
    _np.random.seed(seed)
    _tf.random.set_seed(seed)


random = _Namespace(SeedGenerator=SeedGenerator, uniform=_rand_uniform, normal=_rand_normal,
                    truncated_normal=_rand_truncated, dropout=_dropout)


# ----- initializers -------------------------------------------------------------------------------
class Initializer:
    def __call__(self, shape, dtype=None):
        raise NotImplementedError

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


class Zeros(Initializer):
    def __call__(self, shape, dtype=None):
        return _tf.zeros(shape, dtype or "float32")


class Ones(Initializer):
    def __call__(self, shape, dtype=None):
        return _tf.ones(shape, dtype or "float32")


class Constant(Initializer):
    def __init__(self, value=0.0):
        self.value = value

    def get_config(self):
        return {"value": self.value}

    def __call__(self, shape, dtype=None):
        dt = _tf.as_dtype(dtype or "float32")
        return _tf.cast(self.value, dt) * _tf.ones(shape, dt)


class _RandomInitializer(Initializer):
    def __init__(self, seed=None):
        self._seed_arg = seed  # what get_config reports (the drawn default seed stays private)
        if seed is None:
            seed = _make_default_seed()
        self.seed = seed


class RandomNormal(_RandomInitializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        _RandomInitializer.__init__(self, seed)

    def __call__(self, shape, dtype=None):
        return _rand_normal(shape, self.mean, self.stddev, dtype, self.seed)

    def get_config(self):
        return {"seed": self._seed_arg, "mean": self.mean, "stddev": self.stddev}


class RandomUniform(_RandomInitializer):
    def __init__(self, minval=-0.05, maxval=0.05, seed=None):
        self.minval = minval
        self.maxval = maxval
        _RandomInitializer.__init__(self, seed)

    def __call__(self, shape, dtype=None):
        return _rand_uniform(shape, self.minval, self.maxval, dtype, self.seed)

    def get_config(self):
        return {"seed": self._seed_arg, "minval": self.minval, "maxval": self.maxval}


class TruncatedNormal(_RandomInitializer):
    def __init__(self, mean=0.0, stddev=0.05, seed=None):
        self.mean = mean
        self.stddev = stddev
        _RandomInitializer.__init__(self, seed)

    def __call__(self, shape, dtype=None):
        return _rand_truncated(shape, self.mean, self.stddev, dtype, self.seed)

    def get_config(self):
        return {"seed": self._seed_arg, "mean": self.mean, "stddev": self.stddev}


class Orthogonal(_RandomInitializer):
    # Keras 3: QR of a normal matrix of the flattened shape, Q's columns signed by R's diagonal.
    def __init__(self, gain=1.0, seed=None):
        self.gain = gain
        _RandomInitializer.__init__(self, seed)

    def __call__(self, shape, dtype=None):
        if len(shape) < 2:
            raise ValueError("The tensor to initialize must be at least two-dimensional. Received: "
                             "shape=%s of rank %d." % (tuple(shape), len(shape)))
        rows = 1
        for d in shape[:-1]:
            rows *= d
        cols = shape[-1]
        a = _rand_normal((max(rows, cols), min(rows, cols)), 0.0, 1.0, dtype, self.seed)
        q, r = _tf.linalg.qr(a)
        k = min(rows, cols)
        q = q * _tf.math.sign(_tf.gather_nd(r, [[i, i] for i in range(k)]))
        if rows < cols:
            q = _tf.transpose(q)
        return self.gain * _tf.reshape(q, shape)

    def get_config(self):
        return {"seed": self._seed_arg, "gain": self.gain}


def _compute_fans(shape, input_axes=None, output_axes=None):
    shape = list(shape)
    if input_axes is not None and output_axes is not None:
        # EinsumDense's kernels name which axes are the inputs and the outputs
        fan_in = fan_out = 1
        for a in input_axes:
            fan_in *= shape[a]
        for a in output_axes:
            fan_out *= shape[a]
        return int(fan_in), int(fan_out)
    if len(shape) == 0:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    rf = 1
    for d in shape[:-2]:
        rf *= d
    return shape[-2] * rf, shape[-1] * rf


class VarianceScaling(_RandomInitializer):
    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None, input_axes=None,
                 output_axes=None):
        self.scale = scale
        self.mode = mode
        self.distribution = distribution
        self.input_axes = input_axes
        self.output_axes = output_axes
        _RandomInitializer.__init__(self, seed)

    def get_config(self):
        return {"seed": self._seed_arg, "scale": self.scale, "mode": self.mode, "distribution": self.distribution,
                "input_axes": self.input_axes, "output_axes": self.output_axes}

    def __call__(self, shape, dtype=None):
        scale = self.scale
        fan_in, fan_out = _compute_fans(shape, self.input_axes, self.output_axes)
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        if self.distribution == "truncated_normal":
            return _rand_truncated(shape, 0.0, _math.sqrt(scale) / 0.87962566103423978, dtype, self.seed)
        if self.distribution == "untruncated_normal":
            return _rand_normal(shape, 0.0, _math.sqrt(scale), dtype, self.seed)
        limit = _math.sqrt(3.0 * scale)
        return _rand_uniform(shape, -limit, limit, dtype, self.seed)


class _NamedVarianceScaling(VarianceScaling):
    # Glorot, He and Lecun: their config is only the seed and axes.
    def get_config(self):
        return {"seed": self._seed_arg, "input_axes": self.input_axes, "output_axes": self.output_axes}


class GlorotUniform(_NamedVarianceScaling):
    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, 1.0, "fan_avg", "uniform", seed, input_axes, output_axes)


class GlorotNormal(_NamedVarianceScaling):
    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, 1.0, "fan_avg", "truncated_normal", seed, input_axes, output_axes)


class HeNormal(_NamedVarianceScaling):
    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, 2.0, "fan_in", "truncated_normal", seed, input_axes, output_axes)


class HeUniform(_NamedVarianceScaling):
    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, 2.0, "fan_in", "uniform", seed, input_axes, output_axes)


class LecunNormal(_NamedVarianceScaling):
    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, 1.0, "fan_in", "truncated_normal", seed, input_axes, output_axes)


class LecunUniform(_NamedVarianceScaling):
    def __init__(self, seed=None, input_axes=None, output_axes=None):
        VarianceScaling.__init__(self, 1.0, "fan_in", "uniform", seed, input_axes, output_axes)


_initializer_names = {
    "zeros": Zeros, "ones": Ones, "constant": Constant, "random_normal": RandomNormal,
    "random_uniform": RandomUniform, "truncated_normal": TruncatedNormal, "glorot_uniform": GlorotUniform,
    "glorot_normal": GlorotNormal, "he_normal": HeNormal, "he_uniform": HeUniform, "lecun_normal": LecunNormal,
    "lecun_uniform": LecunUniform, "variance_scaling": VarianceScaling, "uniform": RandomUniform,
    "normal": RandomNormal, "orthogonal": Orthogonal,
}


def _get_initializer(x):
    if x is None:
        return None
    if isinstance(x, str):
        key = _to_snake(x) if x[0].isupper() else x
        if key not in _initializer_names:
            raise ValueError("Could not interpret initializer identifier: %s" % x)
        return _initializer_names[key]()
    if isinstance(x, type):
        return x()
    return x


initializers = _Namespace(
    Initializer=Initializer, Zeros=Zeros, Ones=Ones, Constant=Constant, RandomNormal=RandomNormal,
    RandomUniform=RandomUniform, TruncatedNormal=TruncatedNormal, VarianceScaling=VarianceScaling,
    GlorotUniform=GlorotUniform, GlorotNormal=GlorotNormal, HeNormal=HeNormal, HeUniform=HeUniform,
    LecunNormal=LecunNormal, LecunUniform=LecunUniform, Orthogonal=Orthogonal, OrthogonalInitializer=Orthogonal,
    orthogonal=Orthogonal, get=_get_initializer,
    zeros=Zeros, ones=Ones, constant=Constant, random_normal=RandomNormal, random_uniform=RandomUniform,
    truncated_normal=TruncatedNormal, glorot_uniform=GlorotUniform, glorot_normal=GlorotNormal,
    he_normal=HeNormal, he_uniform=HeUniform, lecun_normal=LecunNormal, lecun_uniform=LecunUniform)


# ----- activations ----------------------------------------------------------------------------
def _linear(x):
    return x


def _act_softmax(x, axis=-1):
    return _tf.nn.softmax(x, axis=axis)


_activation_names = {
    "relu": lambda x: _tf.nn.relu(x), "sigmoid": lambda x: _tf.sigmoid(x), "tanh": lambda x: _tf.tanh(x),
    "softmax": _act_softmax, "linear": _linear, "elu": lambda x: _tf.nn.elu(x), "selu": lambda x: _tf.nn.selu(x),
    "softplus": lambda x: _tf.nn.softplus(x), "gelu": lambda x: _tf.nn.gelu(x), "silu": lambda x: _tf.nn.silu(x),
    "swish": lambda x: _tf.nn.silu(x), "relu6": lambda x: _tf.nn.relu6(x), "leaky_relu": lambda x: _tf.nn.leaky_relu(x),
    "log_softmax": lambda x: _tf.nn.log_softmax(x, axis=-1), "exponential": lambda x: _tf.exp(x),
}


def _get_activation(x):
    if x is None:
        return _linear
    if isinstance(x, str):
        if x not in _activation_names:
            raise ValueError("Could not interpret activation function identifier: %s" % x)
        return _activation_names[x]
    return x


activations = _Namespace(get=_get_activation, relu=_activation_names["relu"], sigmoid=_activation_names["sigmoid"],
                         tanh=_activation_names["tanh"], softmax=_act_softmax, linear=_linear,
                         elu=_activation_names["elu"], selu=_activation_names["selu"],
                         softplus=_activation_names["softplus"], gelu=_activation_names["gelu"],
                         silu=_activation_names["silu"], swish=_activation_names["swish"],
                         relu6=_activation_names["relu6"], leaky_relu=_activation_names["leaky_relu"])


# ----- symbolic tensors -----------------------------------------------------------------------
class Regularizer:
    def __call__(self, x):
        return _tf.constant(0.0, x.dtype)

    def get_config(self):
        return {}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _reg_factor(value, what):
    if value is None:
        return 0.0
    if not isinstance(value, (int, float)) or value < 0 or value != value:
        raise ValueError(f"Invalid value for argument {what}: expected a non-negative float.Received: {what}={value}")
    return value


class L1(Regularizer):
    # Keras 3 holds L1's factor as a float32 tensor (L2's and L1L2's as given): its config shows
    # the float32 value (L1(0.005).get_config() == {'l1': 0.004999999888241291}).
    def __init__(self, l1=0.01):
        self.l1 = _tf.constant(float(_reg_factor(l1, "l1")), "float32")

    def __call__(self, x):
        return _tf.cast(self.l1, x.dtype) * _tf.reduce_sum(_tf.abs(x))

    def get_config(self):
        return {"l1": float(self.l1.numpy())}


class L2(Regularizer):
    def __init__(self, l2=0.01):
        self.l2 = _reg_factor(l2, "l2")

    def __call__(self, x):
        return self.l2 * _tf.reduce_sum(_tf.square(x))

    def get_config(self):
        return {"l2": self.l2}


class L1L2(Regularizer):
    def __init__(self, l1=0.0, l2=0.0):
        self.l1 = _reg_factor(l1, "l1")
        self.l2 = _reg_factor(l2, "l2")

    def __call__(self, x):
        out = _tf.constant(0.0, x.dtype)
        if self.l1:
            out = out + self.l1 * _tf.reduce_sum(_tf.abs(x))
        if self.l2:
            out = out + self.l2 * _tf.reduce_sum(_tf.square(x))
        return out

    def get_config(self):
        return {"l1": self.l1, "l2": self.l2}


_regularizer_names = {"l1": L1, "l2": L2, "l1_l2": L1L2}


def _get_regularizer(x):
    if x is None or isinstance(x, Regularizer) or callable(x):
        return x
    if isinstance(x, str) and x in _regularizer_names:
        return _regularizer_names[x]()
    raise ValueError(f"Could not interpret regularizer identifier: {x}")


regularizers = _Namespace(Regularizer=Regularizer, L1=L1, L2=L2, L1L2=L1L2, l1=L1, l2=L2, l1_l2=L1L2,
                          get=_get_regularizer)


def _call_argument_text(value):
    if _tf.is_tensor(value):
        return "tf.Tensor(shape=%s, dtype=%s)" % (tuple(_core.shape_of(value)), value.dtype.name)
    return repr(value)


def _with_call_info(layer, e, args, kwargs):
    # Keras 3 re-raises what a layer's call() raised with the call's arguments added (the same
    # exception class; an OpError keeps its op and code), once: outer layers pass it on as it is.
    if getattr(e, "_keras_call_info_injected", False):
        return e
    params = _core.func_signature(layer.call)
    if not params:
        return e
    params = params[1:]  # self
    bound = {}
    positional = [p for p in params]
    for p, v in zip(positional, args):
        bound[p[0]] = v
    for k, v in kwargs.items():
        if any(p[0] == k for p in params):
            bound[k] = v
        else:
            return e  # Keras could not bind the arguments: the exception goes on as it was
    if len(args) > len(positional):
        return e
    lines = []
    for name, has_default, default in params:
        if name in bound:
            value = _tf.nest.map_structure(_call_argument_text, bound[name])
        else:
            value = default if has_default else "<class 'inspect._empty'>"
        lines.append("  • %s=%s" % (name, value))
    if not lines:
        return e
    if isinstance(e, _tf.errors.OpError):
        message = e.message
    elif e.args:
        message = e.args[0]
    else:
        message = ""
    display = "%s.call()" % type(layer).__name__
    message = ("Exception encountered when calling %s.\n\n\x1b[1m%s\x1b[0m\n\nArguments received by %s:\n%s"
               % (display, message, display, "\n".join(lines)))
    if isinstance(e, _tf.errors.OpError):
        new = type(e)(e.node_def, e.op, message, e.error_code)
    else:
        try:
            new = type(e)(message)
        except TypeError:
            new = RuntimeError(message)
    new._keras_call_info_injected = True
    return new


class KerasTensor:
    def __init__(self, shape, dtype="float32", name=None, history=None):
        self.shape = tuple(shape)
        self.dtype = _tf.as_dtype(dtype)
        self.name = name
        self._history = history   # (layer, args, kwargs) that produced it, or (InputLayer,)

    @property
    def ndim(self):
        return len(self.shape)

    def __repr__(self):
        return "<KerasTensor shape=%s, dtype=%s, sparse=False, ragged=False, name=%s>" % (
            self.shape, self.dtype.name, self.name)


def _is_symbolic(args, kwargs):
    for a in _tf.nest.flatten(list(args)) + _tf.nest.flatten(list(kwargs.values())):
        if isinstance(a, KerasTensor):
            return True
    return False


def _dummy_for(kt):
    shape = [1 if d is None else d for d in kt.shape]
    return _tf.zeros(shape, kt.dtype)


def _shape_of(x):
    if isinstance(x, KerasTensor):
        return x.shape
    return tuple(_core.shape_of(x))


# name scope of the variable paths ("sequential/dense/kernel")
_path_scope = []


# ----- Layer ------------------------------------------------------------------------------------
def _scan_sublayers(obj):
    # tracked sub-layers: Layer attributes (and lists / tuples of layers) in assignment order
    out = []
    for k, v in obj.__dict__.items():
        vals = v if isinstance(v, (list, tuple)) else [v]
        for x in vals:
            if isinstance(x, Layer) and x is not obj and not any(x is o for o in out):
                out.append(x)
    return out


class Layer:
    def _init_base(self, name=None, trainable=True, dtype=None):
        d = self.__dict__
        if "_layer_base" in d:
            return
        d["_layer_base"] = True
        d["_trainable_vars"] = []
        d["_nontrainable_vars"] = []
        d["built"] = False
        d["_trainable"] = trainable
        # Named when made, as Keras does: the auto names count the layers of a class as they are
        # constructed, whether or not anything reads their names.
        d["_name"] = name if name is not None else _unique_name(_to_snake(type(self).__name__))
        d["_out_shape"] = None
        d["_in_shape"] = None
        if isinstance(dtype, dict):  # a DTypePolicy's config, as get_config writes it
            dtype = dtype.get("config", {}).get("name")
        d["_dtype_name"] = "float32" if dtype is None or not isinstance(dtype, str) else dtype
        d["_losses"] = []
        d["_weight_regularizers"] = []

    @property
    def _sublayers(self):
        return _scan_sublayers(self)

    def __init__(self, name=None, trainable=True, dtype=None, **kwargs):
        self._init_base(name, trainable, dtype)
        if name is not None:
            self.__dict__["_name"] = name
        self.__dict__["_trainable"] = trainable

    @property
    def name(self):
        if self._name is None:
            self.__dict__["_name"] = _unique_name(_to_snake(type(self).__name__))
        return self._name

    def _set_trainable(self, value):
        self.__dict__["_trainable"] = bool(value)
        for l in self._sublayers:
            l._set_trainable(value)

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._set_trainable(value)

    @property
    def dtype(self):
        return self._dtype_name

    @property
    def compute_dtype(self):
        return self._dtype_name

    @property
    def variable_dtype(self):
        return self._dtype_name

    @property
    def losses(self):
        # add_loss's losses, then (as Keras 3) each trainable weight's regularizer applied now.
        out = list(self._losses)
        for l in self._sublayers:
            out += l.losses
        for v, reg in self._weight_regularizers:
            out.append(reg(v))
        return out

    def add_loss(self, loss):
        self._losses.append(loss)

    def _clear_losses(self):
        del self._losses[:]
        for l in self._sublayers:
            l._clear_losses()

    def add_weight(self, shape=None, initializer=None, dtype=None, trainable=True, name=None, regularizer=None,
                   constraint=None, autocast=True, **kw):
        shape = () if shape is None else tuple(shape)
        if initializer is None:
            initializer = "glorot_uniform" if (dtype is None or _tf.as_dtype(dtype).is_floating) else "zeros"
        init = _get_initializer(initializer)
        dt = dtype or self._dtype_name
        # Keras calls an initializer as initializer(shape, dtype=dtype): a plain function such as
        # tf.random.normal takes its second positional argument as something else (mean).
        value = _tf.convert_to_tensor(init(shape, dtype=dt))
        if value.dtype != _tf.as_dtype(dt):
            value = _tf.cast(value, dt)
        vname = name or "variable"
        v = _tf.Variable(value, trainable=trainable, name=vname)
        scope = "/".join(_path_scope if _path_scope and _path_scope[-1] == self.name else _path_scope + [self.name])
        _core.var_set_keras(v, vname, scope + "/" + vname)
        (self._trainable_vars if trainable else self._nontrainable_vars).append(v)
        regularizer = _get_regularizer(regularizer)
        if regularizer is not None and trainable:
            self._weight_regularizers.append((v, regularizer))
        return v

    def build(self, input_shape=None):
        self.__dict__["built"] = True

    build._keras_default = True

    def _maybe_build(self, input_shape):
        if self.built:
            return
        _path_scope.append(self.name)
        self.__dict__["_auto_building"] = True
        try:
            self.build(input_shape)
        finally:
            _path_scope.pop()
            self.__dict__["_auto_building"] = False
        self.__dict__["built"] = True

    def call(self, inputs, *args, **kwargs):
        return inputs

    def _call_has_training(self):
        fp = _core.func_params(self.call)
        if fp is None:
            return True
        return "training" in fp[0] or fp[1]

    def __call__(self, *args, **kwargs):
        if _is_symbolic(args, kwargs):
            return self._symbolic_call(args, kwargs)
        if args and not _tf.is_tensor(args[0]) and not isinstance(args[0], (tuple, list, dict)):
            args = (_tf.convert_to_tensor(args[0]),) + tuple(args[1:])
        if args and getattr(self, "autocast", True):
            # Keras 3 casts floating inputs (tensors and arrays in the first argument) to the
            # layer's compute dtype: float64 numpy data runs through float32 layers.
            args = (_tf.nest.map_structure(self._autocast_input, args[0]),) + tuple(args[1:])
        first = args[0] if args else kwargs.get("inputs")
        if not self.built:
            shapes = _tf.nest.map_structure(lambda t: _shape_of(_tf.convert_to_tensor(t)), first)
            if getattr(type(self).build, "_keras_default", False) and any(not l.built for l in self._sublayers):
                # Keras 3 builds a layer (or subclassed model) without its own build() by running
                # its call() once more (compute_output_spec): its sublayers' weights are made there,
                # and what call() prints shows twice. An eager call that fails there is ignored.
                _path_scope.append(self.name)
                try:
                    self.call(*args, **{k: v for k, v in kwargs.items()
                                        if (k != "training" or self._call_has_training()) and
                                        (k != "mask" or v is not None)})
                except Exception:
                    pass
                finally:
                    _path_scope.pop()
            self._maybe_build(shapes)
        if "training" in kwargs and not self._call_has_training():
            kwargs = dict(kwargs)
            del kwargs["training"]
        if "mask" in kwargs and kwargs["mask"] is None:
            kwargs = dict(kwargs)
            del kwargs["mask"]
        if not _path_scope:
            # An outermost call starts afresh: the losses add_loss made in the last one go.
            self._clear_losses()
        _path_scope.append(self.name)
        try:
            out = self.call(*args, **kwargs)
        except Exception as e:
            raise _with_call_info(self, e, args, kwargs)
        finally:
            _path_scope.pop()
        if self._out_shape is None and _tf.is_tensor(out):
            self.__dict__["_out_shape"] = (None,) + tuple(_core.shape_of(out))[1:]
        return out

    def _autocast_input(self, x):
        if not _tf.is_tensor(x) and not isinstance(x, _np.ndarray):
            return x
        x = _tf.convert_to_tensor(x)
        target = _tf.as_dtype(self._dtype_name)
        if x.dtype.is_floating and target.is_floating and x.dtype != target:
            return _tf.cast(x, target)
        return x

    def _symbolic_call(self, args, kwargs):
        first = args[0] if args else kwargs.get("inputs")
        in_shapes = _tf.nest.map_structure(lambda t: t.shape if isinstance(t, KerasTensor) else _shape_of(t), first)
        if not self.built:
            self._maybe_build(in_shapes)
        self.__dict__["_in_shape"] = in_shapes
        dummy_args = _tf.nest.map_structure(lambda t: _dummy_for(t) if isinstance(t, KerasTensor) else t, list(args))
        dummy_kwargs = {k: (_dummy_for(v) if isinstance(v, KerasTensor) else v) for k, v in kwargs.items()}
        if "training" in dummy_kwargs and not self._call_has_training():
            del dummy_kwargs["training"]
        _path_scope.append(self.name)
        try:
            out = self.call(*dummy_args, **dummy_kwargs)
        finally:
            _path_scope.pop()

        # The dummy ran with batch 1 where the batch is unknown; a known batch carries through.
        first_kt = next((t for t in _tf.nest.flatten(list(args)) if isinstance(t, KerasTensor)), None)
        batch_known = first_kt is not None and len(first_kt.shape) > 0 and first_kt.shape[0] is not None

        def mk(t):
            dims = tuple(_core.shape_of(t))
            shp = dims if batch_known or not dims else (None,) + dims[1:]
            return KerasTensor(shp, t.dtype, history=(self, args, kwargs))
        res = _tf.nest.map_structure(mk, out)
        # A layer that knows its output shape says where unknown dimensions stay unknown (the
        # dummy ran with 1 for each of them).
        known = getattr(self, "_symbolic_output_shape", None)
        if known is not None and isinstance(first_kt, KerasTensor):
            shapes = known(first_kt.shape)
            flat, flat_shapes = _tf.nest.flatten(res), shapes if isinstance(shapes, list) else [shapes]
            for kt, shp in zip(flat, flat_shapes):
                kt.shape = tuple(shp)
        if isinstance(res, KerasTensor):
            self.__dict__["_out_shape"] = res.shape
        # Keras's inbound nodes: what `input` / `output` name (the first call's).
        self.__dict__.setdefault("_kt_nodes", []).append((args, kwargs, res))
        return res

    def _first_node(self, what):
        nodes = self.__dict__.get("_kt_nodes")
        if not nodes:
            raise AttributeError("The layer %s has never been called and thus has no defined %s." % (self.name, what))
        return nodes[0]

    @property
    def output(self):
        return self._first_node("output")[2]

    @property
    def input(self):
        args, kwargs, _ = self._first_node("input")
        first = args[0] if args else kwargs.get("inputs")
        return first

    def compute_output_shape(self, input_shape):
        return self._out_shape

    # ----- weights ------------------------------------------------------------------------------
    @property
    def weights(self):
        out = list(self._trainable_vars) + list(self._nontrainable_vars)
        for l in self._sublayers:
            for w in l.weights:
                if not any(w is o for o in out):
                    out.append(w)
        return out

    @property
    def trainable_weights(self):
        if not self._trainable:
            return []
        out = list(self._trainable_vars)
        for l in self._sublayers:
            for w in l.trainable_weights:
                if not any(w is o for o in out):
                    out.append(w)
        return out

    @property
    def non_trainable_weights(self):
        tw = self.trainable_weights
        return [w for w in self.weights if not any(w is t for t in tw)]

    @property
    def variables(self):
        return self.weights

    @property
    def trainable_variables(self):
        return self.trainable_weights

    @property
    def non_trainable_variables(self):
        return self.non_trainable_weights

    def get_weights(self):
        return [w.numpy() for w in self.weights]

    def set_weights(self, weights):
        ws = self.weights
        if len(ws) != len(weights):
            raise ValueError("You called `set_weights(weights)` on layer '%s' with a weight list of length %d, but the "
                             "layer was expecting %d weights." % (self.name, len(weights), len(ws)))
        for v, w in zip(ws, weights):
            v.assign(_tf.convert_to_tensor(w, v.dtype) if not _tf.is_tensor(w) else w)

    def count_params(self):
        n = 0
        for w in self.weights:
            k = 1
            for d in _core.shape_of(w):
                k *= d
            n += k
        return n

    @property
    def output_shape(self):
        return self._out_shape

    @property
    def input_shape(self):
        return self._in_shape

    def get_config(self):
        return {"name": self.name, "trainable": self.trainable,
                "dtype": {"module": "keras", "class_name": "DTypePolicy", "config": {"name": self._dtype_name},
                          "registered_name": None}}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return "<%s name=%s, built=%s>" % (type(self).__name__, self.name, self.built)


class InputLayer(Layer):
    def __init__(self, shape=None, batch_size=None, dtype=None, name=None, batch_shape=None, **kw):
        Layer.__init__(self, name=name or _unique_name("input_layer"))
        if batch_shape is None:
            batch_shape = (batch_size,) + tuple(shape or ())
        self._batch_shape = tuple(batch_shape)
        kt = KerasTensor(self._batch_shape, dtype or "float32", name=self.name, history=(self,))
        self.__dict__["_kt_nodes"] = [((kt,), {}, kt)]
        self.__dict__["_out_shape"] = self._batch_shape
        self.__dict__["built"] = True

    @property
    def batch_shape(self):
        return self._batch_shape


def Input(shape=None, batch_size=None, dtype=None, name=None, batch_shape=None, **kw):
    return InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, name=name, batch_shape=batch_shape).output
