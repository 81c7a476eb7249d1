# complex values in saved functions, checkpoints and graph constants (TensorProto's scomplex_val /
# dcomplex_val), and tf.io.serialize_tensor / parse_tensor of several dtypes.
import os
import tempfile

import tensorflow as tf

tmp = tempfile.mkdtemp()


class M(tf.Module):
    def __init__(self):
        self.v = tf.Variable([1 + 1j, 2j])

    @tf.function(input_signature=[tf.TensorSpec([2], tf.complex128)])
    def f(self, x):
        return x * self.v + tf.constant(0.5j, tf.complex128) + tf.constant([1j, 2], tf.complex128)


m = M()
print(m.f(tf.constant([1j, 1])))
tf.saved_model.save(m, os.path.join(tmp, "m"))
r = tf.saved_model.load(os.path.join(tmp, "m"))
print(r.f(tf.constant([1j, 1])), r.v)
gd = m.f.get_concrete_function().graph.as_graph_def()
for n in gd.node:
    if n.op == "Const":
        print(n)


@tf.function
def h():
    return tf.constant([0.5 + 1j], tf.complex64), tf.constant(1.5), tf.constant([1, 2, 3])


print([n for n in h.get_concrete_function().graph.as_graph_def().node if n.op == "Const"][0])
ckpt = tf.train.Checkpoint(v=tf.Variable([3 - 1j], dtype=tf.complex64))
path = ckpt.save(os.path.join(tmp, "ck"))
c2 = tf.train.Checkpoint(v=tf.Variable([0j], dtype=tf.complex64))
c2.restore(path)
print(c2.v.numpy())
for t in [tf.constant([1 + 2j], tf.complex64), tf.constant([[1.5, 2.0]]), tf.constant(["a", "bc"]), tf.constant(7, tf.int64),
          tf.constant([True, False])]:
    s = tf.io.serialize_tensor(t)
    print(s.numpy(), tf.io.parse_tensor(s, t.dtype))
for bad in [lambda: tf.io.parse_tensor(tf.io.serialize_tensor(tf.constant(1.0)), tf.float64),
            lambda: tf.io.parse_tensor(tf.constant(b"\xff\xff"), tf.float32)]:
    try:
        bad()
    except tf.errors.InvalidArgumentError as e:
        print(type(e).__name__, "Type mismatch" in str(e), "Could not parse" in str(e))
