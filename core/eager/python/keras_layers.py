# tf.keras for GraphLens, part 2: the built-in layers (Keras 3 semantics: variable names and order,
# default initializers, the ops each call runs).


def _tuple_n(v, n):
    if isinstance(v, int):
        return (v,) * n
    return tuple(v)


def _conv_bias_activation(layer, x):
    # Keras' convolutions: the bias reshaped to broadcast over the channels (an add, not BiasAdd),
    # then the activation.
    if layer.bias is not None:
        x = _tf.add(x, _tf.reshape(layer.bias, [1] * (x.shape.rank - 1) + [_core.shape_of(layer.bias)[0]]))
    if layer.activation is not _linear:
        x = layer.activation(x)
    return x


class Dense(Layer):
    def __init__(self, units, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        Layer.__init__(self, **kwargs)
        self.units = int(units)
        self.activation = _get_activation(activation)
        self.use_bias = use_bias
        self.kernel_initializer = _get_initializer(kernel_initializer)
        self.bias_initializer = _get_initializer(bias_initializer)
        self.kernel_regularizer = _get_regularizer(kernel_regularizer)
        self.bias_regularizer = _get_regularizer(bias_regularizer)

    def build(self, input_shape):
        in_dim = input_shape[-1]
        self.kernel = self.add_weight(name="kernel", shape=(in_dim, self.units), initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.units,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer)
        self.built = True

    def call(self, inputs, training=None):
        x = _tf.matmul(inputs, self.kernel)
        if self.bias is not None:
            # Keras' TF backend adds a 1-D bias with BiasAdd.
            # (a bias of one element stays an add, as Keras' squeeze rule makes it)
            use_bias_add = x.shape.rank is not None and x.shape.rank >= 2 and self.units > 1
            x = _tf.nn.bias_add(x, self.bias) if use_bias_add else _tf.add(x, self.bias)
        if self.activation is not _linear:
            x = self.activation(x)
        return x


class _Conv(Layer):
    _rank = 2

    def __init__(self, filters, kernel_size, strides=1, padding="valid", data_format=None, dilation_rate=1,
                 groups=1, activation=None, use_bias=True, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        Layer.__init__(self, **kwargs)
        r = self._rank
        self.filters = int(filters)
        self.kernel_size = _tuple_n(kernel_size, r)
        self.strides = _tuple_n(strides, r)
        self.padding = padding.lower()
        self.dilation_rate = _tuple_n(dilation_rate, r)
        self.activation = _get_activation(activation)
        self.use_bias = use_bias
        self.kernel_initializer = _get_initializer(kernel_initializer)
        self.bias_initializer = _get_initializer(bias_initializer)

    def build(self, input_shape):
        in_ch = input_shape[-1]
        self.kernel = self.add_weight(name="kernel", shape=self.kernel_size + (in_ch, self.filters),
                                      initializer=self.kernel_initializer)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.filters,), initializer=self.bias_initializer)
        self.built = True

    def call(self, inputs):
        x = _tf.nn.conv2d(inputs, self.kernel, strides=list(self.strides), padding=self.padding.upper(),
                          dilations=list(self.dilation_rate))
        return _conv_bias_activation(self, x)


class Conv2D(_Conv):
    pass


class DepthwiseConv2D(Layer):
    def __init__(self, kernel_size, strides=(1, 1), padding="valid", depth_multiplier=1, data_format=None,
                 dilation_rate=(1, 1), activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 bias_initializer="zeros", depthwise_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, depthwise_constraint=None, bias_constraint=None, **kwargs):
        Layer.__init__(self, **kwargs)
        self.kernel_size = _tuple_n(kernel_size, 2)
        self.strides = _tuple_n(strides, 2)
        self.padding = padding.lower()
        self.depth_multiplier = int(depth_multiplier)
        self.dilation_rate = _tuple_n(dilation_rate, 2)
        self.activation = _get_activation(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = _get_initializer(depthwise_initializer)
        self.bias_initializer = _get_initializer(bias_initializer)

    def build(self, input_shape):
        in_ch = input_shape[-1]
        self.kernel = self.add_weight(name="kernel", shape=self.kernel_size + (in_ch, self.depth_multiplier),
                                      initializer=self.depthwise_initializer)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(in_ch * self.depth_multiplier,),
                                        initializer=self.bias_initializer)
        self.built = True

    def call(self, inputs):
        x = _tf.nn.depthwise_conv2d(inputs, self.kernel, strides=(1,) + self.strides + (1,),
                                    padding=self.padding.upper(), dilations=list(self.dilation_rate))
        return _conv_bias_activation(self, x)


class SeparableConv2D(Layer):
    def __init__(self, filters, kernel_size, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1),
                 depth_multiplier=1, activation=None, use_bias=True, depthwise_initializer="glorot_uniform",
                 pointwise_initializer="glorot_uniform", bias_initializer="zeros", depthwise_regularizer=None,
                 pointwise_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 depthwise_constraint=None, pointwise_constraint=None, bias_constraint=None, **kwargs):
        Layer.__init__(self, **kwargs)
        self.filters = int(filters)
        self.kernel_size = _tuple_n(kernel_size, 2)
        self.strides = _tuple_n(strides, 2)
        self.padding = padding.lower()
        self.dilation_rate = _tuple_n(dilation_rate, 2)
        self.depth_multiplier = int(depth_multiplier)
        self.activation = _get_activation(activation)
        self.use_bias = use_bias
        self.depthwise_initializer = _get_initializer(depthwise_initializer)
        self.pointwise_initializer = _get_initializer(pointwise_initializer)
        self.bias_initializer = _get_initializer(bias_initializer)

    def build(self, input_shape):
        in_ch = input_shape[-1]
        self.depthwise_kernel = self.add_weight(name="depthwise_kernel",
                                                shape=self.kernel_size + (in_ch, self.depth_multiplier),
                                                initializer=self.depthwise_initializer)
        self.pointwise_kernel = self.add_weight(name="pointwise_kernel",
                                                shape=(1, 1, in_ch * self.depth_multiplier, self.filters),
                                                initializer=self.pointwise_initializer)
        self.bias = None
        if self.use_bias:
            self.bias = self.add_weight(name="bias", shape=(self.filters,), initializer=self.bias_initializer)
        self.built = True

    def call(self, inputs):
        x = _tf.nn.separable_conv2d(inputs, self.depthwise_kernel, self.pointwise_kernel,
                                    strides=(1,) + self.strides + (1,), padding=self.padding.upper(),
                                    dilations=list(self.dilation_rate))
        return _conv_bias_activation(self, x)


class ZeroPadding2D(Layer):
    def __init__(self, padding=(1, 1), data_format=None, **kwargs):
        Layer.__init__(self, **kwargs)
        if isinstance(padding, int):
            padding = ((padding, padding), (padding, padding))
        elif isinstance(padding[0], int):
            padding = ((padding[0], padding[0]), (padding[1], padding[1]))
        self.padding = tuple(tuple(p) for p in padding)

    def call(self, inputs):
        (top, bottom), (left, right) = self.padding
        return _tf.pad(inputs, [[0, 0], [top, bottom], [left, right], [0, 0]])


class _Pool2D(Layer):
    _op = "max"

    def __init__(self, pool_size=(2, 2), strides=None, padding="valid", data_format=None, name=None, **kwargs):
        Layer.__init__(self, name=name, **kwargs)
        self.pool_size = _tuple_n(pool_size, 2)
        self.strides = self.pool_size if strides is None else _tuple_n(strides, 2)
        self.padding = padding.lower()

    def call(self, inputs):
        f = _tf.nn.max_pool2d if self._op == "max" else _tf.nn.avg_pool2d
        return f(inputs, ksize=list(self.pool_size), strides=list(self.strides), padding=self.padding.upper())


class MaxPooling2D(_Pool2D):
    _op = "max"


class AveragePooling2D(_Pool2D):
    _op = "avg"


class GlobalAveragePooling2D(Layer):
    def call(self, inputs):
        return _tf.reduce_mean(inputs, axis=[1, 2])


class GlobalMaxPooling2D(Layer):
    def call(self, inputs):
        return _tf.reduce_max(inputs, axis=[1, 2])


class Flatten(Layer):
    def __init__(self, data_format=None, **kwargs):
        Layer.__init__(self, **kwargs)

    def call(self, inputs):
        shp = _core.shape_of(inputs)
        _tf.shape(inputs)  # Keras's ops.shape asks tf.shape (a node in a graph) and uses the static dims
        n = 1
        for d in shp[1:]:
            n *= d
        return _tf.reshape(inputs, [shp[0], n])


class Reshape(Layer):
    def __init__(self, target_shape, **kwargs):
        Layer.__init__(self, **kwargs)
        self.target_shape = tuple(target_shape)

    def call(self, inputs):
        return _tf.reshape(inputs, [_core.shape_of(inputs)[0]] + list(self.target_shape))


class Dropout(Layer):
    def __init__(self, rate, noise_shape=None, seed=None, **kwargs):
        Layer.__init__(self, **kwargs)
        self.rate = rate
        self.noise_shape = noise_shape
        self.seed = seed
        if not 0 <= rate <= 1:
            raise ValueError("Invalid value received for argument `rate`. Expected a float value between 0 and 1. "
                             "Received: rate=%s" % rate)
        # Keras draws the generator's default seed only for a dropout that drops something
        self.seed_generator = SeedGenerator(seed) if rate > 0 else None
        self.built = True

    def call(self, inputs, training=False):
        if training and self.rate > 0:
            return _dropout(inputs, self.rate, self.noise_shape, self.seed_generator)
        return inputs


class Activation(Layer):
    def __init__(self, activation, **kwargs):
        Layer.__init__(self, **kwargs)
        self.activation = _get_activation(activation)
        self.built = True

    def call(self, inputs):
        return self.activation(inputs)


def _relu(x, negative_slope=0.0, max_value=None, threshold=0.0):
    x = _tf.convert_to_tensor(x)
    if negative_slope != 0.0:
        if max_value is None and threshold == 0:
            return _tf.nn.leaky_relu(x, alpha=negative_slope)
        neg = _tf.nn.relu(-x + threshold) if threshold != 0 else _tf.nn.relu(-x)
    clip_max = max_value is not None
    if threshold != 0:
        x = _tf.where(_tf.greater(x, _tf.cast(threshold, x.dtype)), x, _tf.zeros_like(x))
    elif max_value == 6:
        x = _tf.nn.relu6(x)
        clip_max = False
    else:
        x = _tf.nn.relu(x)
    if clip_max:
        x = _tf.clip_by_value(x, _tf.cast(0.0, x.dtype), _tf.cast(max_value, x.dtype))
    if negative_slope != 0.0:
        x = x - negative_slope * neg
    return x


class ReLU(Layer):
    def __init__(self, max_value=None, negative_slope=0.0, threshold=0.0, **kwargs):
        Layer.__init__(self, **kwargs)
        self.max_value = max_value
        self.negative_slope = negative_slope
        self.threshold = threshold
        self.built = True

    def call(self, inputs):
        return _relu(inputs, self.negative_slope, self.max_value, self.threshold)


class LeakyReLU(Layer):
    def __init__(self, negative_slope=0.3, **kwargs):
        Layer.__init__(self, **kwargs)
        self.negative_slope = negative_slope

    def call(self, inputs):
        return _tf.nn.leaky_relu(inputs, alpha=self.negative_slope)


class Softmax(Layer):
    def __init__(self, axis=-1, **kwargs):
        Layer.__init__(self, **kwargs)
        self.axis = axis

    def call(self, inputs):
        return _tf.nn.softmax(inputs, axis=self.axis)


class BatchNormalization(Layer):
    def __init__(self, axis=-1, momentum=0.99, epsilon=0.001, center=True, scale=True, beta_initializer="zeros",
                 gamma_initializer="ones", moving_mean_initializer="zeros", moving_variance_initializer="ones",
                 **kwargs):
        Layer.__init__(self, **kwargs)
        self.axis = axis
        self.momentum = momentum
        self.epsilon = epsilon
        self.center = center
        self.scale = scale
        self.beta_initializer = _get_initializer(beta_initializer)
        self.gamma_initializer = _get_initializer(gamma_initializer)
        self.moving_mean_initializer = _get_initializer(moving_mean_initializer)
        self.moving_variance_initializer = _get_initializer(moving_variance_initializer)

    def build(self, input_shape):
        dim = input_shape[self.axis]
        shape = (dim,)
        self.gamma = self.add_weight(name="gamma", shape=shape, initializer=self.gamma_initializer) if self.scale \
            else None
        self.beta = self.add_weight(name="beta", shape=shape, initializer=self.beta_initializer) if self.center \
            else None
        self.moving_mean = self.add_weight(name="moving_mean", shape=shape, initializer=self.moving_mean_initializer,
                                           trainable=False)
        self.moving_variance = self.add_weight(name="moving_variance", shape=shape,
                                               initializer=self.moving_variance_initializer, trainable=False)
        self.built = True

    def call(self, inputs, training=None, mask=None):
        rank = len(_core.shape_of(inputs))
        ax = self.axis % rank
        red = [i for i in range(rank) if i != ax]
        if training and self.trainable:
            mean, var = _tf.nn.moments(inputs, red)
            m = self.momentum
            self.moving_mean.assign(self.moving_mean * m + mean * (1.0 - m))
            self.moving_variance.assign(self.moving_variance * m + var * (1.0 - m))
        else:
            mean = self.moving_mean
            var = self.moving_variance
        return _tf.nn.batch_normalization(inputs, mean, var, self.beta, self.gamma, self.epsilon)


class Lambda(Layer):
    def __init__(self, function, **kwargs):
        Layer.__init__(self, **kwargs)
        self.function = function

    def call(self, inputs):
        return self.function(inputs)


class Concatenate(Layer):
    def __init__(self, axis=-1, **kwargs):
        Layer.__init__(self, **kwargs)
        self.axis = axis

    def call(self, inputs):
        return _tf.concat(list(inputs), self.axis)


class Add(Layer):
    def call(self, inputs):
        return _tf.add_n(list(inputs))
