# The names TF gives the nodes its Python wrappers make in a traced graph (and their inputs):
# what the graph views, the exported GraphDef and error messages show.
import tensorflow as tf
@tf.function
def f(x, y):
    a = tf.stack([x, y])
    b = tf.concat([x, y], 0)
    c = tf.transpose(a)
    d = tf.ones([3, 3])
    e = tf.zeros([2])
    g = x[1:]
    h = tf.reduce_sum(a, 0)
    i = tf.reshape(a, [-1])
    j = tf.range(3)
    k = tf.expand_dims(x, 0)
    l = tf.squeeze(k)
    m = tf.tile(x, [2])
    n = tf.fill([2], 1.0)
    o = tf.cast(x, tf.int32)
    p = tf.gather(x, [0])
    q = tf.pad(x, [[1, 1]])
    r = tf.nn.relu(x)
    s = tf.reduce_mean(x)
    t = tf.zeros_like(x)
    u = tf.ones_like(x)
    v = tf.shape(x)
    w = tf.maximum(x, y)
    return a, b, c, d, e, g, h, i, j, k, l, m, n, o, p, q, r, s, t, u, v, w
g = f.get_concrete_function(tf.TensorSpec([2]), tf.TensorSpec([2])).graph
for op in g.get_operations():
    print(op.name, op.type, [i.name for i in op.inputs])
