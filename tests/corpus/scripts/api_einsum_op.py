# tf.einsum as one Einsum op: equations with implicit outputs, ellipses, summed labels, one
# operand; values, gradients (through summed labels too), the traced graph, errors.
import numpy as np
import tensorflow as tf

rng = np.random.default_rng(3)
a = tf.constant(rng.standard_normal((2, 3, 4)), tf.float32)
b = tf.constant(rng.standard_normal((2, 4, 5)), tf.float32)
m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(tf.einsum("ij,jk", m, m), tf.einsum("ij->ji", m), tf.einsum("ij->", m), tf.einsum("ii", m) if False else tf.einsum("ij->j", m))
print(np.round(tf.einsum("bij,bjk->bik", a, b).numpy(), 4))
print(np.round(tf.einsum("...ij,...jk->...ik", a, b).numpy(), 4), tf.einsum("...j,j->...", a, tf.ones([4])).shape)
print(np.round(tf.einsum("bij,bkl->bik", a, b).numpy(), 4))
print(tf.einsum("i,j->ij", tf.constant([1, 2]), tf.constant([3, 4, 5])))
print(bool(tf.reduce_all(tf.einsum("bij,bjk->bik", a, b) == tf.matmul(a, b))))
with tf.GradientTape(persistent=True) as tape:
    tape.watch([a, b, m])
    y = tf.reduce_sum(tf.einsum("bij,bjk->bik", a, b) ** 2)
    z = tf.reduce_sum(tf.einsum("bij,bkl->bik", a, b))
    w = tf.reduce_sum(tf.einsum("ij->i", m) * tf.constant([1.0, 10.0]))
ga, gb = tape.gradient(y, [a, b])
print(np.round(ga.numpy(), 3), np.round(gb.numpy(), 3))
print(np.round(tape.gradient(z, a).numpy(), 3), tape.gradient(w, m))


@tf.function
def f(x, y):
    return tf.einsum("ij,jk->ik", x, y, name="mm"), tf.einsum("ij,jk", x, y)


print(f(m, m))
print([(op.name, op.type) for op in f.get_concrete_function(m, m).graph.get_operations()])
g = f.get_concrete_function(m, m).graph
print(g.get_operation_by_name("mm/Einsum").get_attr("equation"), g.get_operation_by_name("mm/Einsum").get_attr("T"), g.get_operation_by_name("mm/Einsum").get_attr("N"))
for bad in [lambda: tf.einsum("ij,jk->ik", m, tf.ones([3, 2])), lambda: tf.einsum("ijk,jk->ik", m, m),
            lambda: tf.einsum("ij,jk->iz", m, m)]:
    try:
        print(bad())
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        print(type(e).__name__)
