# tf.keras for GraphLens, part 2c: EinsumDense and MultiHeadAttention, as Keras 3.15's TF backend
# builds and runs them (the projections' einsum equations, the kernels' fan axes and cloned
# initializers, the dot-product path TF runs without dropout or returned scores, the explicit
# path with its masked Softmax otherwise).
import math as _attn_math


def _einsum_dense_shapes(equation, bias_axes, input_shape, output_shape):
    # Keras's _analyze_einsum_string for "X,Y->Z", "...X,Y->...Z" and "X...,Y->Z...": the kernel
    # and bias shapes, the full output shape and the kernel's input and output axes.
    eq = equation.replace("...", "0")
    left = eq.startswith("0")
    try:
        inputs, rest = eq.split(",")
        weight, out = rest.split("->")
    except ValueError:
        raise ValueError("Invalid einsum equation '%s'. Equations must be in the form [X],[Y]->[Z], ...[X],[Y]->...[Z], "
                         "or [X]...,[Y]->[Z]...." % equation)
    inputs, out = inputs.replace("0", ""), out.replace("0", "")
    input_shape = list(input_shape)
    elided = len(input_shape) - len(inputs)
    output_shape = [output_shape] if isinstance(output_shape, int) else list(output_shape)
    output_shape.insert(0, input_shape[0])
    if elided > 0 and left:
        for i in range(1, elided):
            output_shape.insert(1, input_shape[i])
    elif elided > 0:
        for i in range(len(input_shape) - elided, len(input_shape)):
            output_shape.append(input_shape[i])
    if left:
        in_map = {d: i + elided - len(input_shape) for i, d in enumerate(inputs)}
        out_map = {d: i + elided for i, d in enumerate(out)}
    else:
        in_map = {d: i for i, d in enumerate(inputs)}
        out_map = {d: i for i, d in enumerate(out)}
    for d in inputs:
        if d in out_map and output_shape[out_map[d]] is not None and output_shape[out_map[d]] != input_shape[in_map[d]]:
            raise ValueError("Input shape and output shape do not match at shared dimension '%s'. Input shape is %s, "
                             "and output shape is %s." % (d, input_shape[in_map[d]], output_shape[out_map[d]]))
    kernel, in_axes, out_axes = [], [], []
    for i, d in enumerate(weight):
        if d in out_map:
            kernel.append(output_shape[out_map[d]])
            out_axes.append(i)
        elif d in in_map:
            kernel.append(input_shape[in_map[d]])
            in_axes.append(i)
        else:
            raise ValueError("Weight dimension '%s' did not have a match in either the input spec '%s' or the output "
                             "spec '%s'. For this layer, the weight must be fully specified." % (d, inputs, out))
    bias = None
    if bias_axes is not None:
        shift = elided if left else 0
        sizes = {c: output_shape[i + shift] for i, c in enumerate(out)}
        for c in bias_axes:
            if c not in out:
                raise ValueError("Bias dimension '%s' was requested, but is not part of the output spec '%s'" % (c, out))
        first = min(out.find(c) for c in bias_axes)
        bias = [sizes[c] if c in bias_axes else 1 for c in out[first:]]
        if not left:
            bias += [1] * _pymax(elided, 0)
    return kernel, bias, output_shape, in_axes, out_axes


_pymax = max


class EinsumDense(Layer):
    def __init__(self, equation, output_shape, activation=None, bias_axes=None, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, lora_rank=None, lora_alpha=None, **kwargs):
        Layer.__init__(self, **kwargs)
        self.equation = equation
        self.partial_output_shape = (output_shape,) if isinstance(output_shape, int) else tuple(output_shape)
        self.bias_axes = bias_axes
        self.activation = _get_activation(activation) if activation is not None else None
        self.kernel_initializer = _get_initializer(kernel_initializer)
        self.bias_initializer = _get_initializer(bias_initializer)
        self.kernel_regularizer = _get_regularizer(kernel_regularizer)
        self.bias_regularizer = _get_regularizer(bias_regularizer)

    def build(self, input_shape):
        kernel, bias, full, in_axes, out_axes = _einsum_dense_shapes(self.equation, self.bias_axes, input_shape,
                                                                     self.partial_output_shape)
        init = self.kernel_initializer
        if isinstance(init, VarianceScaling) and (init.input_axes is None or init.output_axes is None):
            # a clone that knows the kernel's fan axes, keeping the seed it drew
            config = init.get_config()
            config["seed"] = init.seed
            config["input_axes"] = in_axes
            config["output_axes"] = out_axes
            init = type(init).from_config(config)
        self.kernel = self.add_weight(name="kernel", shape=tuple(kernel), initializer=init,
                                      regularizer=self.kernel_regularizer)
        self.bias = self.add_weight(name="bias", shape=tuple(bias), initializer=self.bias_initializer,
                                    regularizer=self.bias_regularizer) if bias is not None else None
        self.full_output_shape = tuple(full)
        self.built = True

    def call(self, inputs, training=None):
        x = _tf.einsum(self.equation, inputs, self.kernel)
        if self.bias is not None:
            x = _tf.add(x, self.bias)
        if self.activation is not None:
            x = self.activation(x)
        return x

    def compute_output_shape(self, input_shape):
        return tuple(_einsum_dense_shapes(self.equation, self.bias_axes, input_shape, self.partial_output_shape)[2])

    def get_config(self):
        config = Layer.get_config(self)
        config.update({"output_shape": self.partial_output_shape, "equation": self.equation,
                       "activation": _serialize_keras_object(self.activation), "bias_axes": self.bias_axes})
        config.update(_kernel_bias_config(self.kernel_initializer, self.bias_initializer, self.kernel_regularizer,
                                          self.bias_regularizer))
        return config


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _proj_equation(free_dims, bound_dims, output_dims):
    inp, kernel, out, bias = "", "", "", ""
    for i in range(free_dims):
        inp += _LETTERS[i]
        out += _LETTERS[i]
    for i in range(bound_dims):
        c = _LETTERS[free_dims + i]
        inp += c
        kernel += c
    for i in range(output_dims):
        c = _LETTERS[free_dims + bound_dims + i]
        kernel += c
        out += c
        bias += c
    return "%s,%s->%s" % (inp, kernel, out), bias, len(out)


def _proj_output_shape(rank, known):
    return [None] * (rank - len(known)) + list(known)


def _attention_equations(rank, attn_axes):
    target = _LETTERS[:rank]
    batch_dims = [i for i in range(rank) if i not in attn_axes and i != rank - 1]
    offset = rank
    source = ""
    for i in range(rank):
        if i in batch_dims or i == rank - 1:
            source += target[i]
        else:
            source += _LETTERS[offset]
            offset += 1
    product = "".join([target[i] for i in batch_dims] + [target[i] for i in attn_axes] +
                      [source[i] for i in attn_axes])
    return "%s,%s->%s" % (source, target, product), "%s,%s->%s" % (product, source, target), len(product)


class MultiHeadAttention(Layer):
    def __init__(self, num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True, output_shape=None,
                 attention_axes=None, sliding_window=None, flash_attention=None, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, use_gate=False, seed=None, **kwargs):
        if not isinstance(num_heads, int) or num_heads <= 0:
            raise ValueError("Received an invalid value for argument `num_heads`, expected a positive integer. "
                             "Received: num_heads=%s" % (num_heads,))
        if not isinstance(key_dim, int) or key_dim <= 0:
            raise ValueError("Received an invalid value for argument `key_dim`, expected a positive integer. "
                             "Received: key_dim=%s" % (key_dim,))
        if value_dim is not None and (not isinstance(value_dim, int) or value_dim <= 0):
            raise ValueError("Received an invalid value for argument `value_dim`, expected a positive integer or "
                             "`None`. Received: value_dim=%s" % (value_dim,))
        if flash_attention:
            raise ValueError("Flash attention is not supported in tensorflow backend.")
        if use_gate:
            raise NotImplementedError("MultiHeadAttention(use_gate=True) is not supported by GraphLens")
        if sliding_window is not None:
            raise NotImplementedError("MultiHeadAttention(sliding_window=...) is not supported by GraphLens")
        Layer.__init__(self, **kwargs)
        self.supports_masking = True
        self._num_heads = num_heads
        self._key_dim = key_dim
        self._value_dim = value_dim if value_dim else key_dim
        self._dropout = dropout
        self._use_bias = use_bias
        if output_shape:
            output_shape = (output_shape,) if isinstance(output_shape, int) else tuple(output_shape)
        self._output_shape = output_shape
        self._kernel_initializer = _get_initializer(kernel_initializer)
        self._bias_initializer = _get_initializer(bias_initializer)
        self._kernel_regularizer = _get_regularizer(kernel_regularizer)
        self._bias_regularizer = _get_regularizer(bias_regularizer)
        if isinstance(attention_axes, int):
            attention_axes = (attention_axes,)
        elif attention_axes and not isinstance(attention_axes, (list, tuple)):
            raise ValueError("`attention_axes` must be an int, list, or tuple.Received: attention_axes=%s"
                             % (attention_axes,))
        self._attention_axes = attention_axes
        self.seed = seed
        self._inverse_sqrt_key_dim = 1.0 / _attn_math.sqrt(float(self._key_dim))

    num_heads = property(lambda self: self._num_heads)
    key_dim = property(lambda self: self._key_dim)
    value_dim = property(lambda self: self._value_dim)
    dropout = property(lambda self: self._dropout)
    use_bias = property(lambda self: self._use_bias)
    attention_axes = property(lambda self: self._attention_axes)
    query_dense = property(lambda self: self._query_dense)
    key_dense = property(lambda self: self._key_dense)
    value_dense = property(lambda self: self._value_dense)
    output_dense = property(lambda self: self._output_dense)

    def _sublayer_kwargs(self):
        # fresh copies of the initializers (an unseeded one draws its own seed), as Keras makes
        kernel = type(self._kernel_initializer).from_config(self._kernel_initializer.get_config())
        bias = type(self._bias_initializer).from_config(self._bias_initializer.get_config())
        return dict(kernel_initializer=kernel, bias_initializer=bias, kernel_regularizer=self._kernel_regularizer,
                    bias_regularizer=self._bias_regularizer, dtype=self._dtype_name)

    def build(self, query_shape, value_shape=None, key_shape=None):
        value_shape = query_shape if value_shape is None else value_shape
        key_shape = value_shape if key_shape is None else key_shape
        if tuple(value_shape[1:-1]) != tuple(key_shape[1:-1]):
            raise ValueError("All dimensions of `value` and `key`, except the last one, must be equal. Received: "
                             "value_shape=%s and key_shape=%s" % (tuple(value_shape), tuple(key_shape)))
        q_rank, v_rank, k_rank = len(query_shape), len(value_shape), len(key_shape)

        def proj(rank, last, name, shape):
            eq, bias_axes, out_rank = _proj_equation(rank - 1, 1, 2)
            layer = EinsumDense(eq, output_shape=_proj_output_shape(out_rank - 1, [self._num_heads, last]),
                                bias_axes=bias_axes if self._use_bias else None, name=name, **self._sublayer_kwargs())
            layer._maybe_build(tuple(shape))
            return layer, out_rank

        self._query_dense, _ = proj(q_rank, self._key_dim, "query", query_shape)
        self._key_dense, _ = proj(k_rank, self._key_dim, "key", key_shape)
        self._value_dense, out_rank = proj(v_rank, self._value_dim, "value", value_shape)
        self._build_attention(out_rank)
        out_shape = self._output_shape if self._output_shape else [query_shape[-1]]
        eq, bias_axes, rank = _proj_equation(q_rank - 1, 2, len(out_shape))
        self._output_dense = EinsumDense(eq, output_shape=_proj_output_shape(rank - 1, out_shape),
                                         bias_axes=bias_axes if self._use_bias else None, name="attention_output",
                                         **self._sublayer_kwargs())
        dense_in = list(self._query_dense.compute_output_shape(tuple(query_shape)))
        dense_in[-1] = self._value_dim
        self._output_dense._maybe_build(tuple(dense_in))
        self.built = True

    def _build_attention(self, rank):
        if self._attention_axes is None:
            self._attention_axes = tuple(range(1, rank - 2))
        else:
            self._attention_axes = tuple(a if a >= 0 else (rank - 1) + a for a in self._attention_axes)
        self._dot_product_equation, self._combine_equation, scores_rank = _attention_equations(
            rank, self._attention_axes)
        self._norm_axes = tuple(range(scores_rank - len(self._attention_axes), scores_rank))
        self._dropout_layer = Dropout(rate=self._dropout, seed=self.seed)

    def __call__(self, query, value=None, key=None, **kwargs):
        if value is None:
            value = kwargs.pop("value")
        if not self.built:
            def shape(t):
                return tuple(t.shape) if isinstance(t, KerasTensor) else _shape_of(_tf.convert_to_tensor(t))
            _path_scope.append(self.name)
            try:
                self.build(shape(query), shape(value), shape(key) if key is not None else None)
            finally:
                _path_scope.pop()
        return Layer.__call__(self, query, value, key=key, **kwargs)

    def _masked_softmax(self, scores, mask=None):
        if mask is not None:
            axis = -len(self._attention_axes) * 2 - 1
            for _ in range(len(_core.shape_of(scores)) - len(_core.shape_of(mask))):
                mask = _tf.expand_dims(mask, axis)
            mask = _tf.cast(mask, _tf.bool)
            scores = _tf.where(mask, scores, _tf.constant(-1e9, scores.dtype))
        if len(self._norm_axes) > 1:
            out = _tf.exp(scores - _tf.reduce_logsumexp(scores, axis=list(self._norm_axes), keepdims=True))
        else:
            out = _tf.nn.softmax(scores, axis=self._norm_axes[0])
        if mask is not None:
            out = _tf.where(mask, out, _tf.constant(0.0, out.dtype))
        return out

    def _compute_attention(self, query, key, value, attention_mask=None, training=None, return_attention_scores=False,
                           use_causal_mask=False):
        dot_product = not (self._dropout > 0.0 or return_attention_scores or len(_core.shape_of(query)) != 4)
        if dot_product:
            # keras.ops.dot_product_attention on the TF backend
            logits = _tf.einsum("BTNH,BSNH->BNTS", query, key)
            logits = _tf.multiply(logits, _tf.cast(self._inverse_sqrt_key_dim, logits.dtype))
            mask = None
            if attention_mask is not None:
                mask = attention_mask
                for _ in range(4 - len(_core.shape_of(mask))):
                    mask = _tf.expand_dims(mask, -len(self._attention_axes) * 2 - 1)
                mask = _tf.cast(mask, _tf.bool)
            if use_causal_mask:
                dims = _tf.shape(logits)
                band = _tf.linalg.band_part(_tf.ones(_tf.stack([dims[2], dims[3]]), _tf.bool), -1, 0)[None, None]
                mask = band if mask is None else _tf.logical_and(mask, band)
            if mask is not None:
                full = _tf.logical_and(_tf.ones_like(logits, dtype=_tf.bool), mask)
                logits = _tf.where(full, logits, _tf.constant(3.38953e38 * -0.7, logits.dtype))
            probs = _tf.nn.softmax(logits, axis=-1)
            return _tf.einsum("BNTS,BSNH->BTNH", probs, value), None
        if use_causal_mask:
            causal = self._causal_mask(query, value)
            attention_mask = causal if attention_mask is None else _tf.logical_and(
                _tf.cast(attention_mask, _tf.bool), causal)
        query = _tf.multiply(query, _tf.cast(self._inverse_sqrt_key_dim, query.dtype))
        scores = _tf.einsum(self._dot_product_equation, key, query)
        scores = self._masked_softmax(scores, attention_mask)
        final = self._dropout_layer(scores, training=training) if self._dropout > 0.0 else scores
        return _tf.einsum(self._combine_equation, final, value), scores

    def _causal_mask(self, query, value=None):
        q_len = _tf.shape(query)[1]
        v_len = q_len if value is None else _tf.shape(value)[1]
        ones = _tf.ones(_tf.stack([1, q_len, v_len]), _tf.int32)
        return _tf.greater_equal(_tf.cumsum(ones, axis=-2), _tf.cumsum(ones, axis=-1))

    def call(self, query, value, key=None, query_mask=None, value_mask=None, key_mask=None, attention_mask=None,
             return_attention_scores=False, training=None, use_causal_mask=False):
        if key is None:
            key = value
        causal_only = (use_causal_mask and query_mask is None and value_mask is None and key_mask is None and
                       attention_mask is None and
                       type(self)._compute_attention is MultiHeadAttention._compute_attention)
        if not causal_only:
            auto = None
            if query_mask is not None:
                auto = _tf.expand_dims(_tf.cast(query_mask, _tf.bool), -1)
            for m in (value_mask, key_mask):
                if m is not None:
                    m = _tf.expand_dims(_tf.cast(m, _tf.bool), -2)
                    auto = m if auto is None else _tf.logical_and(auto, m)
            if use_causal_mask:
                m = self._causal_mask(query, value)
                auto = m if auto is None else _tf.logical_and(auto, m)
            if attention_mask is not None:
                attention_mask = _tf.cast(attention_mask, _tf.bool)
            if auto is not None:
                attention_mask = auto if attention_mask is None else _tf.logical_and(attention_mask, auto)
        q = self._query_dense(query)
        k = self._key_dense(key)
        v = self._value_dense(value)
        extra = {"use_causal_mask": True} if causal_only else {}
        out, scores = self._compute_attention(q, k, v, attention_mask, training, return_attention_scores, **extra)
        out = self._output_dense(out)
        if return_attention_scores:
            return out, scores
        return out

    def get_config(self):
        config = Layer.get_config(self)
        config.update({"num_heads": self._num_heads, "key_dim": self._key_dim, "value_dim": self._value_dim,
                       "dropout": self._dropout, "use_bias": self._use_bias, "output_shape": self._output_shape,
                       "attention_axes": self._attention_axes})
        config.update(_kernel_bias_config(self._kernel_initializer, self._bias_initializer, self._kernel_regularizer,
                                          self._bias_regularizer))
        config.update({"seed": self.seed, "sliding_window": None, "use_gate": False})
        return config
