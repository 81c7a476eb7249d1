# tf.pad's three modes as TF's Pad, PadV2 and MirrorPad ops: values, dtypes, shapes when traced,
# gradients (MirrorPad's through MirrorPadGrad) and TF's errors.
import numpy as np
import tensorflow as tf

x = tf.reshape(tf.range(1, 7, dtype=tf.float32), [2, 3])
print(tf.pad(x, [[1, 0], [0, 2]]))
print(tf.pad(x, [[1, 1], [2, 2]], constant_values=-1.5))
print(tf.pad(x, [[1, 1], [2, 2]], mode="reflect"))
print(tf.pad(x, [[2, 2], [3, 3]], mode="SYMMETRIC"))
print(tf.pad(tf.constant([[1, 2], [3, 4]]), [[0, 1], [1, 0]], constant_values=9))
print(tf.pad(tf.constant([True, False]), [[1, 1]]))
print(tf.pad(tf.constant(["a", "b"]), [[1, 0]], constant_values="z"))
print(tf.pad(tf.constant(5.0), tf.zeros([0, 2], tf.int32)))
print(tf.pad(tf.zeros([0, 2]), [[1, 1], [0, 0]]))
print(tf.pad(x, np.array([[0, 1], [1, 0]], dtype=np.int64)))
print(tf.pad(tf.ones([1, 2, 2, 1]), [[0, 0], [1, 1], [1, 1], [0, 0]], mode="SYMMETRIC")[0, :, :, 0])

with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    weights = tf.reshape(tf.range(24, dtype=tf.float32), [4, 6])
    constant = tf.reduce_sum(tf.pad(x, [[1, 1], [1, 2]]) * weights)
    reflect = tf.reduce_sum(tf.pad(x, [[1, 1], [2, 1]], mode="REFLECT") * weights)
    symmetric = tf.reduce_sum(tf.pad(x, [[1, 1], [1, 2]], mode="SYMMETRIC") * weights)
print(tape.gradient(constant, x))
print(tape.gradient(reflect, x))
print(tape.gradient(symmetric, x))


@tf.function
def padded(t):
    a = tf.pad(t, [[1, 1], [0, 1]])
    b = tf.pad(t, [[0, 0], [1, 1]], constant_values=2.0)
    c = tf.pad(t, [[1, 1], [1, 1]], mode="REFLECT")
    return a, b, c


for out in padded(x):
    print(out.numpy().tolist())
g = padded.get_concrete_function(tf.TensorSpec([None, 3])).graph
for op in g.get_operations():
    if op.type in ("Pad", "PadV2", "MirrorPad"):
        print(op.name, op.type, op.outputs[0].shape)


@tf.function
def grad_in_graph(t):
    with tf.GradientTape() as tape:
        tape.watch(t)
        y = tf.reduce_sum(tf.pad(t, [[1, 1], [1, 1]], mode="SYMMETRIC") ** 2)
    return tape.gradient(y, t)


print(grad_in_graph(x))

for args in [(x, [[1, 1]]), (x, [[1, 1], [-1, 0]]), (x, [[3, 0], [0, 0]], "REFLECT"), (x, [[0, 0], [4, 0]], "SYMMETRIC"),
             (x, [[0, 0], [0, 0]], "EDGE"), (x, [[1, 2, 3], [1, 2, 3]]), (x, [[1, 1], [1, 1]], "CONSTANT", [1.0, 2.0])]:
    try:
        print(tf.pad(*args))
    except (tf.errors.InvalidArgumentError, ValueError) as e:
        print(type(e).__name__, e)


@tf.function
def bad_paddings(t):
    return tf.pad(t, [[1, 1]])


try:
    bad_paddings(x)
except ValueError as e:
    print(e)
