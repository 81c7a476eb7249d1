# Static shapes of strided slices whose indices are graph tensors (TF's shape function: the rank
# from the spec, the sizes the known parts decide), and a loop that indexes a tensor with its
# tf.range variable and accumulates into a loop variable of fixed shape.
import tensorflow as tf


@tf.function
def shapes(x, i, v):
    print(x[i].shape, x[:, i].shape, x[i:].shape, x[1:3].shape, v[i].shape, v[1:i].shape)
    print(x[..., i].shape, x[i, tf.newaxis].shape, v[tf.constant(1):].shape, x[-1].shape, x[i, 1:].shape)
    print(x[::i].shape, x[i, ..., tf.newaxis].shape)
    return x[i]


c = shapes.get_concrete_function(tf.TensorSpec([4, 5]), tf.TensorSpec([], tf.int32), tf.TensorSpec([None]))
print(c.structured_outputs)


@tf.function
def row_sum(x):
    acc = tf.zeros([5])
    for i in tf.range(tf.shape(x)[0]):
        acc += x[i] * tf.cast(i, tf.float32)
    return acc


print(row_sum(tf.reshape(tf.range(15, dtype=tf.float32), [3, 5])))


@tf.function
def gather_rows(x, n):
    out = tf.TensorArray(tf.float32, size=n)
    for i in tf.range(n):
        out = out.write(i, x[i, :2])
    return out.stack()


print(gather_rows(tf.reshape(tf.range(12, dtype=tf.float32), [4, 3]), tf.constant(3)))
