# tf.keras for GraphLens, part 2b: more built-in layers the guides use (Embedding, LayerNormalization,
# Rescaling, the 1-D convolution and poolings) and the functional merge helpers, with Keras 3's
# variable names, default initializers and the TF ops its TF backend runs.


class Embedding(Layer):
    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform", embeddings_regularizer=None,
                 embeddings_constraint=None, mask_zero=False, weights=None, lora_rank=None, **kwargs):
        kwargs.pop("input_length", None)
        Layer.__init__(self, **kwargs)
        self.input_dim = int(input_dim)
        self.output_dim = int(output_dim)
        self.embeddings_initializer = _get_initializer(embeddings_initializer)
        self.embeddings_regularizer = _get_regularizer(embeddings_regularizer)
        self.mask_zero = mask_zero

    def build(self, input_shape=None):
        self.embeddings = self.add_weight(name="embeddings", shape=(self.input_dim, self.output_dim),
                                          initializer=self.embeddings_initializer,
                                          regularizer=self.embeddings_regularizer)
        self.built = True

    def _autocast_input(self, x):
        return x  # indices, not values

    def call(self, inputs):
        inputs = _tf.convert_to_tensor(inputs)
        if inputs.dtype != _tf.int32 and inputs.dtype != _tf.int64:
            inputs = _tf.cast(inputs, _tf.int32)
        # keras.ops.take on the TF backend: negative indices count from the end, then a gather.
        n = _tf.cast(_tf.shape(self.embeddings)[0], inputs.dtype)
        inputs = _tf.where(inputs < 0, inputs + n, inputs)
        return _tf.cast(_tf.gather(self.embeddings, inputs, axis=0), self._dtype_name)

    def _symbolic_output_shape(self, input_shape):
        return tuple(input_shape) + (self.output_dim,)

    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        return _tf.not_equal(inputs, 0)

    def get_config(self):
        config = Layer.get_config(self)
        config.update({"input_dim": self.input_dim, "output_dim": self.output_dim,
                       "embeddings_initializer": _serialize_keras_object(self.embeddings_initializer),
                       "embeddings_regularizer": _serialize_keras_object(self.embeddings_regularizer),
                       "activity_regularizer": None, "embeddings_constraint": None, "mask_zero": self.mask_zero,
                       "quantization_config": None})
        return config


class LayerNormalization(Layer):
    def __init__(self, axis=-1, epsilon=1e-3, center=True, scale=True, rms_scaling=False, beta_initializer="zeros",
                 gamma_initializer="ones", beta_regularizer=None, gamma_regularizer=None, beta_constraint=None,
                 gamma_constraint=None, **kwargs):
        Layer.__init__(self, **kwargs)
        if rms_scaling:
            raise NotImplementedError("LayerNormalization(rms_scaling=True) (deprecated in Keras 3) is not supported "
                                      "by GraphLens; use center=False")
        self.axis = axis
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.rms_scaling = rms_scaling
        self.beta_initializer = _get_initializer(beta_initializer)
        self.gamma_initializer = _get_initializer(gamma_initializer)
        self.beta_regularizer = _get_regularizer(beta_regularizer)
        self.gamma_regularizer = _get_regularizer(gamma_regularizer)

    def build(self, input_shape):
        rank = len(input_shape)
        axes = sorted(self.axis) if isinstance(self.axis, (list, tuple)) else [self.axis]
        self.axis = [a % rank for a in axes] if not isinstance(self.axis, int) else [self.axis]
        shape = tuple(input_shape[a] for a in self.axis)
        self.gamma = self.add_weight(name="gamma", shape=shape, initializer=self.gamma_initializer,
                                     regularizer=self.gamma_regularizer) \
            if self.scale else None
        self.beta = self.add_weight(name="beta", shape=shape, initializer=self.beta_initializer,
                                    regularizer=self.beta_regularizer) \
            if self.center else None
        self.built = True

    def call(self, inputs):
        x = _tf.convert_to_tensor(inputs)
        original = x.dtype
        if x.dtype != _tf.float32 and x.dtype != _tf.float64:
            x = _tf.cast(x, _tf.float32)
        rank = len(_core.shape_of(x))
        axes = sorted(a % rank for a in self.axis)
        broadcast = [1] * rank
        dims = _core.shape_of(x)
        for a in axes:
            broadcast[a] = dims[a]

        def bcast(v):
            if v is None:
                return None
            v = _tf.cast(v, x.dtype)
            if len(_core.shape_of(v)) != rank and axes != [rank - 1]:
                return _tf.reshape(v, broadcast)
            return v

        # keras.ops.layer_normalization: x * inv + (beta - mean * inv), inv = rsqrt(var + eps) * gamma.
        mean, variance = _tf.nn.moments(x, axes, keepdims=True)
        gamma, beta = bcast(self.gamma), bcast(self.beta)
        inv = _tf.math.rsqrt(variance + self.epsilon)
        if gamma is not None:
            inv = inv * gamma
        res = -mean * inv
        if beta is not None:
            res = res + beta
        out = x * inv + res
        return _tf.cast(out, original)


class Rescaling(Layer):
    def __init__(self, scale, offset=0.0, **kwargs):
        Layer.__init__(self, **kwargs)
        self.scale = scale
        self.offset = offset

    def _autocast_input(self, x):
        return x  # cast below, integers included

    def call(self, inputs):
        dt = self._dtype_name
        return _tf.cast(inputs, dt) * _tf.cast(self.scale, dt) + _tf.cast(self.offset, dt)

    def get_config(self):
        config = Layer.get_config(self)
        config.update({"scale": self.scale, "offset": self.offset})
        return config


class Conv1D(_Conv):
    _rank = 1

    def call(self, inputs):
        # tf.nn.convolution of a 1-D input is a Conv2D over a height of one, as TF runs it.
        x = _tf.expand_dims(inputs, 1)
        k = _tf.expand_dims(self.kernel, 0)
        y = _tf.nn.conv2d(x, k, strides=[1, self.strides[0]], padding=self.padding.upper(),
                          dilations=[1, self.dilation_rate[0]])
        return _conv_bias_activation(self, _tf.squeeze(y, [1]))


class _Pool1D(Layer):
    _op = "max"

    def __init__(self, pool_size=2, strides=None, padding="valid", data_format=None, name=None, **kwargs):
        Layer.__init__(self, name=name, **kwargs)
        self.pool_size = _tuple_n(pool_size, 1)
        self.strides = self.pool_size if strides is None else _tuple_n(strides, 1)
        self.padding = padding.lower()

    def call(self, inputs):
        f = _tf.nn.max_pool2d if self._op == "max" else _tf.nn.avg_pool2d
        y = f(_tf.expand_dims(inputs, 1), ksize=[1, self.pool_size[0]], strides=[1, self.strides[0]],
              padding=self.padding.upper())
        return _tf.squeeze(y, [1])


class MaxPooling1D(_Pool1D):
    _op = "max"


class AveragePooling1D(_Pool1D):
    _op = "avg"


class GlobalAveragePooling1D(Layer):
    def __init__(self, data_format=None, keepdims=False, **kwargs):
        Layer.__init__(self, **kwargs)
        self.keepdims = keepdims

    def call(self, inputs, mask=None):
        return _tf.reduce_mean(inputs, axis=1, keepdims=self.keepdims)


class GlobalMaxPooling1D(Layer):
    def __init__(self, data_format=None, keepdims=False, **kwargs):
        Layer.__init__(self, **kwargs)
        self.keepdims = keepdims

    def call(self, inputs):
        return _tf.reduce_max(inputs, axis=1, keepdims=self.keepdims)


class Multiply(Layer):
    def call(self, inputs):
        out = inputs[0]
        for x in inputs[1:]:
            out = out * x
        return out


class Subtract(Layer):
    def call(self, inputs):
        return inputs[0] - inputs[1]


def _concatenate(inputs, axis=-1, **kwargs):
    return Concatenate(axis=axis, **kwargs)(inputs)


def _add(inputs, **kwargs):
    return Add(**kwargs)(inputs)


def _multiply(inputs, **kwargs):
    return Multiply(**kwargs)(inputs)


def _subtract(inputs, **kwargs):
    return Subtract(**kwargs)(inputs)


def _init_cell(cell, kind, units, activation, recurrent_activation, use_bias, kernel_initializer,
               recurrent_initializer, bias_initializer, kernel_regularizer, recurrent_regularizer, bias_regularizer,
               dropout, recurrent_dropout, seed):
    # What LSTMCell and GRUCell set up alike, in Keras's order: the cell's dropout seed generator
    # draws its default seed after the initializers' ones (later layers' seeds depend on it).
    if dropout or recurrent_dropout:
        raise NotImplementedError("%s dropout / recurrent_dropout are not supported by GraphLens yet" % kind)
    cell.units = int(units)
    cell.activation = _get_activation(activation)
    cell.recurrent_activation = _get_activation(recurrent_activation)
    cell.use_bias = use_bias
    cell.kernel_initializer = _get_initializer(kernel_initializer)
    cell.recurrent_initializer = _get_initializer(recurrent_initializer)
    cell.bias_initializer = _get_initializer(bias_initializer)
    cell.kernel_regularizer = _get_regularizer(kernel_regularizer)
    cell.recurrent_regularizer = _get_regularizer(recurrent_regularizer)
    cell.bias_regularizer = _get_regularizer(bias_regularizer)
    cell.seed = seed
    cell.seed_generator = SeedGenerator(seed=seed)


class LSTMCell(Layer):
    # Keras 3's LSTMCell, implementation 2 (one matmul per gate block): weights kernel,
    # recurrent_kernel and bias (the forget gate's quarter starts at one with unit_forget_bias).
    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, seed=None, **kwargs):
        kwargs.pop("implementation", None)
        Layer.__init__(self, **kwargs)
        if units <= 0:
            raise ValueError("Received an invalid value for argument `units`, expected a positive integer, "
                             "got %s." % units)
        _init_cell(self, "LSTM", units, activation, recurrent_activation, use_bias, kernel_initializer,
                   recurrent_initializer, bias_initializer, kernel_regularizer, recurrent_regularizer,
                   bias_regularizer, dropout, recurrent_dropout, seed)
        self.unit_forget_bias = unit_forget_bias
        self.state_size = [self.units, self.units]
        self.output_size = self.units

    def build(self, input_shape):
        u = self.units
        self.kernel = self.add_weight(name="kernel", shape=(input_shape[-1], 4 * u),
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer)
        self.recurrent_kernel = self.add_weight(name="recurrent_kernel", shape=(u, 4 * u),
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer)
        self.bias = None
        if self.use_bias:
            init = self.bias_initializer
            if self.unit_forget_bias:
                def init(shape, dtype=None, _b=self.bias_initializer):
                    return _tf.concat([_tf.cast(_b((u,), dtype=dtype), dtype), _tf.ones((u,), dtype),
                                       _tf.cast(_b((2 * u,), dtype=dtype), dtype)], 0)
            self.bias = self.add_weight(name="bias", shape=(4 * u,), initializer=init,
                                        regularizer=self.bias_regularizer)
        self.built = True

    def call(self, inputs, states, training=False):
        h_tm1, c_tm1 = states[0], states[1]
        z = _tf.matmul(inputs, self.kernel)
        z = _tf.add(z, _tf.matmul(h_tm1, self.recurrent_kernel))
        if self.bias is not None:
            z = _tf.add(z, self.bias)
        z0, z1, z2, z3 = _tf.split(z, 4, axis=1)
        i = self.recurrent_activation(z0)
        f = self.recurrent_activation(z1)
        c = f * c_tm1 + i * self.activation(z2)
        o = self.recurrent_activation(z3)
        h = o * self.activation(c)
        return h, [h, c]


class _Recurrent(Layer):
    # Keras's RNN layer on the TF backend without a GPU (backend.rnn): the cell stepped over the
    # time axis, zero initial states unless given; the states are [h] (GRU) or [h, c] (LSTM).
    _num_states = 1

    def __init__(self, cell, return_sequences, return_state, go_backwards, **kwargs):
        Layer.__init__(self, **kwargs)
        self.cell = cell
        self.units = cell.units
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards

    def build(self, input_shape):
        self.cell._maybe_build((input_shape[0], input_shape[-1]))
        self.built = True

    def _symbolic_output_shape(self, input_shape):
        out = (input_shape[0], input_shape[1], self.units) if self.return_sequences else (input_shape[0], self.units)
        if self.return_state:
            return [out] + [(input_shape[0], self.units)] * self._num_states
        return out

    def call(self, sequences, initial_state=None, mask=None, training=False):
        x = _tf.convert_to_tensor(sequences)
        steps = _core.shape_of(x)[1]
        if initial_state is None:
            states = [_tf.zeros(_tf.stack([_tf.shape(x)[0], self.units]), x.dtype) for _ in range(self._num_states)]
        elif isinstance(initial_state, (list, tuple)):
            states = list(initial_state[:self._num_states])
        else:
            states = [initial_state]
        outputs = []
        order = range(steps - 1, -1, -1) if self.go_backwards else range(steps)
        for t in order:
            out, states = self.cell.call(x[:, t, :], states, training=training)
            if self.return_sequences:
                outputs.append(out)
        result = _tf.stack(outputs, axis=1) if self.return_sequences else states[0]
        if self.return_state:
            return [result] + list(states)
        return result


class LSTM(_Recurrent):
    # keras.layers.LSTM on the TF backend without a GPU: the cell stepped over the time axis.
    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None, bias_constraint=None,
                 dropout=0.0, recurrent_dropout=0.0, seed=None, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False, use_cudnn="auto", **kwargs):
        if stateful:
            raise NotImplementedError("LSTM(stateful=True) is not supported by GraphLens yet")
        cell = LSTMCell(units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
                        kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
                        bias_initializer=bias_initializer, unit_forget_bias=unit_forget_bias,
                        kernel_regularizer=kernel_regularizer, recurrent_regularizer=recurrent_regularizer,
                        bias_regularizer=bias_regularizer, dropout=dropout, recurrent_dropout=recurrent_dropout,
                        name="lstm_cell", dtype=kwargs.get("dtype"))
        _Recurrent.__init__(self, cell, return_sequences, return_state, go_backwards, **kwargs)
    _num_states = 2



def _kernel_bias_config(kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer):
    # The weight-related keys Keras 3 layers with a kernel and a bias put last in get_config
    return {"kernel_initializer": _serialize_keras_object(kernel_initializer),
            "bias_initializer": _serialize_keras_object(bias_initializer),
            "kernel_regularizer": _serialize_keras_object(kernel_regularizer),
            "bias_regularizer": _serialize_keras_object(bias_regularizer),
            "activity_regularizer": None, "kernel_constraint": None, "bias_constraint": None}


def _conv_transpose_size(size, kernel, stride, padding, output_padding, dilation):
    # Keras's output size of a transposed convolution (TF padding rules)
    if size is None:
        return None
    kernel = (kernel - 1) * dilation + 1
    if padding == "valid":
        extra = max(kernel, stride) - kernel if output_padding is None else output_padding
        return (size - 1) * stride + kernel + extra
    if output_padding is None:
        return size * stride
    return (size - 1) * stride + kernel % 2 + output_padding


class Conv2DTranspose(Layer):
    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", output_padding=None, data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        Layer.__init__(self, **kwargs)
        if data_format not in (None, "channels_last"):
            raise NotImplementedError("Conv2DTranspose(data_format=%r) is not supported by GraphLens yet" % data_format)
        self.filters = int(filters)
        self.kernel_size = _tuple_n(kernel_size, 2)
        self.strides = _tuple_n(strides, 2)
        self.padding = padding.lower()
        if self.padding not in ("valid", "same"):
            raise ValueError("The `padding` argument must be a list/tuple or one of {'same', 'valid'}. "
                             "Received: %s" % padding)
        self.output_padding = None if output_padding is None else _tuple_n(output_padding, 2)
        if self.output_padding is not None:
            for i, (p, s) in enumerate(zip(self.output_padding, self.strides)):
                if p >= s:
                    raise ValueError("`output_padding` must be strictly less than `strides` for all dimensions. "
                                     "At dimension %d, `output_padding` is %d but `strides` is %d. Received: "
                                     "output_padding=%s, strides=%s" % (i, p, s, self.output_padding, self.strides))
        self.dilation_rate = _tuple_n(dilation_rate, 2)
        self.activation = _get_activation(activation)
        self.use_bias = use_bias
        self.kernel_initializer = _get_initializer(kernel_initializer)
        self.bias_initializer = _get_initializer(bias_initializer)
        self.kernel_regularizer = _get_regularizer(kernel_regularizer)
        self.bias_regularizer = _get_regularizer(bias_regularizer)

    def build(self, input_shape):
        in_ch = input_shape[-1]
        # (kh, kw, filters, in_channels): the kernel of the convolution this one is the gradient of
        self.kernel = self.add_weight(name="kernel", shape=self.kernel_size + (self.filters, in_ch),
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.filters,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer)
        self.built = True

    def _output_spatial(self, input_shape):
        ops = self.output_padding or (None, None)
        return tuple(_conv_transpose_size(input_shape[1 + i], self.kernel_size[i], self.strides[i], self.padding,
                                          ops[i], self.dilation_rate[i]) for i in range(2))

    def _symbolic_output_shape(self, input_shape):
        return (input_shape[0],) + self._output_spatial(input_shape) + (self.filters,)

    def call(self, inputs):
        x = _tf.convert_to_tensor(inputs)
        shape = list(_core.shape_of(x))
        batch = shape[0] if shape[0] is not None else _tf.shape(x)[0]
        out_shape = _tf.stack([batch] + list(self._output_spatial(shape)) + [self.filters])
        y = _tf.nn.conv2d_transpose(x, self.kernel, out_shape, strides=[1] + list(self.strides) + [1],
                                    padding=self.padding.upper(), dilations=[1] + list(self.dilation_rate) + [1])
        return _conv_bias_activation(self, y)

    def get_config(self):
        config = Layer.get_config(self)
        config.update({"filters": self.filters, "kernel_size": self.kernel_size, "strides": self.strides,
                       "padding": self.padding, "output_padding": self.output_padding, "data_format": "channels_last",
                       "dilation_rate": self.dilation_rate, "activation": _activation_name(self.activation),
                       "use_bias": self.use_bias})
        config.update(_kernel_bias_config(self.kernel_initializer, self.bias_initializer, self.kernel_regularizer,
                                          self.bias_regularizer))
        return config


class GRUCell(Layer):
    # Keras 3's GRUCell, implementation 2 (all gates in one matmul); reset_after (the default)
    # keeps separate input and recurrent biases, bias shape (2, 3 * units).
    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0, recurrent_dropout=0.0,
                 reset_after=True, seed=None, **kwargs):
        if units <= 0:
            raise ValueError("Received an invalid value for argument `units`, expected a positive integer, "
                             "got %s." % units)
        kwargs.pop("implementation", None)
        Layer.__init__(self, **kwargs)
        _init_cell(self, "GRU", units, activation, recurrent_activation, use_bias, kernel_initializer,
                   recurrent_initializer, bias_initializer, kernel_regularizer, recurrent_regularizer,
                   bias_regularizer, dropout, recurrent_dropout, seed)
        self.reset_after = reset_after
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        u = self.units
        self.kernel = self.add_weight(name="kernel", shape=(input_shape[-1], 3 * u),
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer)
        self.recurrent_kernel = self.add_weight(name="recurrent_kernel", shape=(u, 3 * u),
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(2, 3 * u) if self.reset_after else (3 * u,),
                                        initializer=self.bias_initializer, regularizer=self.bias_regularizer)
        self.built = True

    def call(self, inputs, states, training=False):
        h_tm1 = states[0] if isinstance(states, (list, tuple)) else states
        u = self.units
        input_bias = recurrent_bias = None
        if self.bias is not None:
            if self.reset_after:
                input_bias, recurrent_bias = [_tf.squeeze(e, axis=0) for e in _tf.split(self.bias, 2, axis=0)]
            else:
                input_bias = self.bias
        matrix_x = _tf.matmul(inputs, self.kernel)
        if input_bias is not None:
            matrix_x = _tf.add(matrix_x, input_bias)
        x_z, x_r, x_h = _tf.split(matrix_x, 3, axis=-1)
        if self.reset_after:
            matrix_inner = _tf.matmul(h_tm1, self.recurrent_kernel)
            if recurrent_bias is not None:
                matrix_inner = matrix_inner + recurrent_bias
        else:
            matrix_inner = _tf.matmul(h_tm1, self.recurrent_kernel[:, :2 * u])
        recurrent_z = matrix_inner[:, :u]
        recurrent_r = matrix_inner[:, u:2 * u]
        z = self.recurrent_activation(x_z + recurrent_z)
        r = self.recurrent_activation(x_r + recurrent_r)
        if self.reset_after:
            recurrent_h = r * matrix_inner[:, 2 * u:]
        else:
            recurrent_h = _tf.matmul(r * h_tm1, self.recurrent_kernel[:, 2 * u:])
        hh = self.activation(x_h + recurrent_h)
        h = z * h_tm1 + (1 - z) * hh
        return h, ([h] if isinstance(states, (list, tuple)) else h)


class GRU(_Recurrent):
    # keras.layers.GRU on the TF backend without a GPU: the cell stepped over the time axis.
    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, recurrent_constraint=None, bias_constraint=None,
                 dropout=0.0, recurrent_dropout=0.0, seed=None, return_sequences=False, return_state=False,
                 go_backwards=False, stateful=False, unroll=False, reset_after=True, use_cudnn="auto", **kwargs):
        if stateful:
            raise NotImplementedError("GRU(stateful=True) is not supported by GraphLens yet")
        cell = GRUCell(units, activation=activation, recurrent_activation=recurrent_activation, use_bias=use_bias,
                       kernel_initializer=kernel_initializer, recurrent_initializer=recurrent_initializer,
                       bias_initializer=bias_initializer, kernel_regularizer=kernel_regularizer,
                       recurrent_regularizer=recurrent_regularizer, bias_regularizer=bias_regularizer,
                       dropout=dropout, recurrent_dropout=recurrent_dropout, reset_after=reset_after, seed=seed,
                       name="gru_cell", dtype=kwargs.get("dtype"))
        _Recurrent.__init__(self, cell, return_sequences, return_state, go_backwards, **kwargs)
