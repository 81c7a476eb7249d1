# tf.raw_ops: ops called by their OpDef's keywords (as TF's api_defs name them), several outputs as a
# named tuple, positional arguments refused with TF's message (its Python op names and keyword
# order), in eager mode and in a tf.function.
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
# keywords TF's api_defs rename (reduction_indices -> axis, t/e -> x/y, squeeze_dims -> axis)
print(tf.raw_ops.Sum(input=x, axis=0), tf.raw_ops.Mean(input=x, axis=[0, 1], keep_dims=True))
print(tf.raw_ops.Select(condition=tf.constant([True, False]), x=[1, 2], y=[3, 4]))
print(tf.raw_ops.Squeeze(input=tf.ones([1, 2, 1]), axis=[0]).shape, tf.raw_ops.ExpandDims(input=x, axis=0).shape)
# ImageSummary's bad_color attr defaults to a tensor (kept by the op registry until exit)
for op in (tf.raw_ops.AddV2, tf.raw_ops.Relu6Grad, tf.raw_ops.HSVToRGB, tf.raw_ops.Conv2D, tf.raw_ops.ImageSummary):
    try:
        op(x, x)
    except TypeError as e:
        print("TypeError", e)


@tf.function
def f(a):
    return tf.raw_ops.Mul(x=a, y=a, name="square")


print(f(tf.constant([2.0, 3.0])))
print([n.name for n in f.get_concrete_function(tf.TensorSpec([2])).graph.as_graph_def().node])
