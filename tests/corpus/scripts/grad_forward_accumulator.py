# tf.autodiff.ForwardAccumulator: JVPs of tensors and variables through elementwise ops, matmul,
# relu, sigmoid; lists of targets, unconnected targets (None / zeros), the primal itself, and a JVP
# differentiated by an outer tape.
import tensorflow as tf
x = tf.constant([1.0, 2.0, -0.5])
v = tf.constant([1.0, 0.5, 2.0])
with tf.autodiff.ForwardAccumulator(primals=x, tangents=v) as acc:
    y = tf.reduce_sum(tf.sin(x) * x ** 2)
    z = tf.tanh(x) + tf.exp(x)
    w = tf.constant(3.0)
print(acc.jvp(y), acc.jvp(z), acc.jvp(w), acc.jvp(x))
print(acc.jvp([y, z]))
print(acc.jvp(w, unconnected_gradients=tf.UnconnectedGradients.ZERO))
a = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
with tf.autodiff.ForwardAccumulator(a, tf.ones_like(a)) as acc2:
    m = tf.matmul(a, a)
    r = tf.nn.relu(m - 10.0)
print(acc2.jvp(m), acc2.jvp(r))
kernel = tf.Variable(tf.ones([3, 2]))
inp = tf.constant([[1.0, 2.0, 3.0]])
with tf.autodiff.ForwardAccumulator(kernel, tf.constant([[1.0, 0.0], [0.0, 0.0], [0.0, 0.0]])) as acc3:
    out = tf.nn.sigmoid(tf.matmul(inp, kernel))
print(acc3.jvp(out))
with tf.GradientTape() as tape:
    tape.watch(x)
    with tf.autodiff.ForwardAccumulator(x, v) as acc4:
        y2 = tf.reduce_sum(x ** 3)
    jv = acc4.jvp(y2)
print(jv, tape.gradient(jv, x))
