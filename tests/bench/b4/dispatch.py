# B4 eager dispatch: tiny ops, one at a time, as a TF 2 script issues them.
import time
import tensorflow as tf

N = 20000
a = tf.constant(1.5)
b = tf.constant(2.0)
m = tf.constant([[1.0, 2.0], [3.0, 4.0]])

for _ in range(200):  # warm up
    a + b
start = time.perf_counter()
for _ in range(N):
    c = tf.add(a, b)
t_add = time.perf_counter() - start

start = time.perf_counter()
for _ in range(N):
    c = tf.matmul(m, m)
t_mm = time.perf_counter() - start

print("scalar_add_ops_per_s %.0f" % (N / t_add))
print("matmul2x2_ops_per_s %.0f" % (N / t_mm))
print("check", float(tf.add(a, b)), tf.matmul(m, m).numpy().tolist())
