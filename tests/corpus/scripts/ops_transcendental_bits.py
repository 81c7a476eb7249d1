# The transcendental kernels to the last bit: tf.Tensor prints eight significant digits and
# .tolist() the shortest repr, so a one-ulp difference from TF's CPU kernels shows. Lengths 3, 12
# and 21 mix Eigen's packet path with the scalar one it uses for a tensor's last elements.
# Rsqrt, Erfc and the exact GELU start from the CPU's rsqrtps/rcpps estimates, which differ between
# CPU designs: tests/exec/transcendental_test.cpp checks those against a recording per CPU.
import numpy as np
import tensorflow as tf

for n in (3, 12, 21):
    x = tf.linspace(-6.0, 5.0, n)
    print(n, tf.exp(x).numpy().tolist())
    print(tf.math.log(tf.abs(x) + 0.1).numpy().tolist())
    print(tf.tanh(x).numpy().tolist())
    print(tf.sigmoid(x).numpy().tolist())
    print(tf.math.erf(x).numpy().tolist())
    print(tf.math.expm1(x).numpy().tolist(), tf.math.log1p(tf.abs(x)).numpy().tolist())
    print(tf.nn.softplus(x).numpy().tolist(), tf.nn.elu(x).numpy().tolist(), tf.nn.selu(x).numpy().tolist())
    print(tf.sqrt(tf.abs(x) + 0.5).numpy().tolist())
    print((tf.abs(x) ** 1.7).numpy().tolist(), tf.pow(x, 3.0).numpy().tolist())
    print(tf.nn.gelu(x, approximate=True).numpy().tolist())

logits = tf.constant([[2.0, 1.0, 0.1], [0.5, -1.5, 3.25]])
print(tf.nn.softmax(logits))
print(tf.nn.log_softmax(logits))
wide = tf.constant([[((i * 37 + j * 11) % 23 - 11) * 0.37 for i in range(20)] for j in range(2)])
print(tf.nn.softmax(wide).numpy().tolist())
print(tf.nn.log_softmax(wide).numpy().tolist())

d = tf.constant([-3.5, -0.25, 0.0, 0.75, 2.0, 9.5], dtype=tf.float64)
print(tf.exp(d), tf.math.log(tf.abs(d) + 1.0), tf.tanh(d), tf.sigmoid(d), tf.math.erf(d), sep="\n")
print(tf.nn.softmax(tf.reshape(d, [2, 3])).numpy().tolist())
print(tf.pow(tf.abs(d), 0.3).numpy().tolist())
print(tf.exp(tf.constant([88.5, -87.5, -104.0, float("inf"), float("-inf")])).numpy().tolist())
print(tf.math.log(tf.constant([0.0, -1.0, 1e-45, float("inf")])).numpy().tolist())

try:
    tf.math.erf(tf.constant([1, 2]))
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0])
