# tf.raw_ops: ops called by their OpDef's keywords, several outputs as a named tuple, positional
# arguments refused with TF's message, in eager mode and in a tf.function.
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
print(tf.raw_ops.AddV2(x=x, y=tf.constant(1.0)))
print(tf.raw_ops.MatMul(a=x, b=x, transpose_a=True))
u = tf.raw_ops.Unique(x=tf.constant([3, 1, 3, 2, 1]))
print(u.y, u.idx)
y, idx = u
print(type(u).__name__, y.shape, idx.dtype)
print(tf.raw_ops.Unpack(value=x, num=2, axis=1))
print(tf.raw_ops.ConcatV2(values=[x, x], axis=0).shape)
print(tf.raw_ops.Cast(x=x, DstT=tf.int32))
try:
    tf.raw_ops.AddV2(x, x)
except TypeError as e:
    print("TypeError", e)


@tf.function
def f(a):
    return tf.raw_ops.Mul(x=a, y=a, name="square")


print(f(tf.constant([2.0, 3.0])))
print([n.name for n in f.get_concrete_function(tf.TensorSpec([2])).graph.as_graph_def().node])
