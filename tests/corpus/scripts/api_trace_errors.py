# Errors raised while a tf.function traces: TF frames them "in user code:" with the user's frames
# (converted code mapped back to its lines), and a shape error names the node, its attributes, its
# inputs, their shapes and the constant inputs the shape function read. Left out: tf.stack's
# failing node is "stack_1" in TF (its first attempt takes "stack"), and a tensor a cond branch
# captures is named after the op that captured it in TF ("cond/Reshape/x").
import tensorflow as tf


def show(fn, *args):
    try:
        fn(*args)
        print("no error")
    except Exception as e:
        print(type(e).__name__)
        print(str(e))


@tf.function
def reshape_bad(x):
    return tf.reshape(x, [5, 7])


@tf.function
def reshape_uneven(x):
    return tf.reshape(x, [-1, 7])


@tf.function
def matmul_bad(a, b):
    return tf.matmul(a, b)


@tf.function
def matmul_t(a, b):
    return tf.matmul(a, b, transpose_b=True)


@tf.function
def add_bad(a, b):
    return a + b


@tf.function
def concat_bad(x):
    return tf.concat([x, tf.ones([3, 3])], axis=0)


@tf.function
def slice_bad(x):
    return x[10]


@tf.function
def conv_bad(x, f):
    return tf.nn.conv2d(x, f, strides=1, padding="SAME")


@tf.function
def tile_bad(x):
    return tf.tile(x, [2, 2, 2])


@tf.function
def transpose_bad(x):
    return tf.transpose(x, [0, 2])


@tf.function
def sum_bad(x):
    return tf.reduce_sum(x, axis=3)


@tf.function
def squeeze_bad(x):
    return tf.squeeze(x, axis=0)


@tf.function
def pad_bad(x):
    return tf.pad(x, [[1, 1]])


def helper(x):
    if x.shape[0] > 2:
        raise ValueError("too big: %d" % x.shape[0])
    return x * 2


@tf.function
def nested(x):
    y = x + 1
    return helper(y)


@tf.function
def inner(x):
    return tf.reshape(x, [3])


@tf.function
def outer(x):
    return inner(x) + 1


@tf.function
def key_bad(x):
    d = {"a": x}
    return d["b"]


@tf.function
def type_bad(x):
    return x + "s"


class Model(tf.Module):
    @tf.function
    def __call__(self, x):
        return tf.matmul(x, x)


@tf.function
def in_cond(x):
    if tf.reduce_sum(x) > 0:
        y = x * 2
    else:
        y = x
    return tf.reshape(y, [3])


show(reshape_bad, tf.ones([4, 4]))
show(reshape_uneven, tf.ones([4, 4]))
show(matmul_bad, tf.ones([2, 3]), tf.ones([4, 5]))
show(matmul_t, tf.ones([2, 3]), tf.ones([4, 5]))
show(add_bad, tf.ones([2]), tf.ones([3]))
show(concat_bad, tf.ones([2, 2]))
show(slice_bad, tf.ones([4]))
show(conv_bad, tf.ones([1, 8, 8, 3]), tf.ones([3, 3, 4, 8]))
show(tile_bad, tf.ones([2, 2]))
show(transpose_bad, tf.ones([2, 2, 2]))
show(sum_bad, tf.ones([2, 2]))
show(squeeze_bad, tf.ones([2, 2]))
show(pad_bad, tf.ones([2, 2]))
show(nested, tf.ones([4]))
show(outer, tf.ones([4]))
show(key_bad, tf.ones([4]))
show(type_bad, tf.ones([4]))
show(Model(), tf.ones([2, 3]))
show(in_cond, tf.ones([4]))
print(reshape_bad(tf.ones([5, 7])).shape)
