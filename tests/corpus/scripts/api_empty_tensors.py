# Ops on tensors with a zero dimension: empty results of the right shape, or TF's error, never a
# crash (a zero-width image once divided by zero in Conv2D, a zero-height one read outside the
# input in ResizeBilinear; tf.sort of nothing once failed).
import tensorflow as tf


def attempt(label, fn):
    try:
        r = fn()
        print(label, tuple(r.shape), r.dtype.name)
    except Exception as e:
        print(label, type(e).__name__)


w0 = tf.zeros([2, 4, 0, 8])
h0 = tf.zeros([2, 0, 5, 3])
b0 = tf.zeros([0, 4, 4, 8])
e2 = tf.zeros([0, 3])

attempt("conv2d width 0, 8 channels", lambda: tf.nn.conv2d(w0, tf.ones([3, 3, 8, 4]), 1, "SAME"))
attempt("conv2d height 0, RGB", lambda: tf.nn.conv2d(h0, tf.ones([3, 3, 3, 4]), 1, "SAME"))
attempt("conv2d batch 0", lambda: tf.nn.conv2d(b0, tf.ones([3, 3, 8, 8]), 1, "SAME"))
attempt("conv2d stride 2, width 0", lambda: tf.nn.conv2d(w0, tf.ones([3, 3, 8, 4]), 2, "SAME"))
attempt("conv2d 1x1, width 0", lambda: tf.nn.conv2d(w0, tf.ones([1, 1, 8, 4]), 1, "VALID"))
attempt("conv2d no filters", lambda: tf.nn.conv2d(tf.zeros([2, 4, 4, 8]), tf.ones([3, 3, 8, 0]), 1, "SAME"))
attempt("conv2d no input channels", lambda: tf.nn.conv2d(tf.zeros([2, 4, 5, 0]), tf.ones([3, 3, 0, 4]), 1, "SAME"))


@tf.function
def block(x):
    y = tf.nn.conv2d(x, tf.ones([3, 3, 8, 8]), 1, "SAME")
    return tf.nn.relu(tf.nn.bias_add(y, tf.ones([8])))


for shape in ([2, 4, 0, 8], [2, 0, 4, 8], [0, 4, 4, 8]):
    attempt("fused conv block %s" % shape, lambda: block(tf.zeros(shape)))

attempt("max_pool width 0", lambda: tf.nn.max_pool2d(w0, 2, 2, "SAME"))
attempt("avg_pool width 0", lambda: tf.nn.avg_pool2d(w0, 2, 2, "SAME"))
attempt("max_pool batch 0", lambda: tf.nn.max_pool2d(b0, 2, 2, "VALID"))
for shape in ([1, 0, 4, 3], [1, 4, 0, 3], [1, 4, 4, 0], [0, 4, 4, 3]):
    for method in ("bilinear", "nearest"):
        attempt("resize %s %s" % (method, shape), lambda: tf.image.resize(tf.zeros(shape), [2, 2], method=method))
attempt("matmul k 0", lambda: tf.matmul(tf.zeros([3, 0]), tf.zeros([0, 4])))
attempt("matmul m 0", lambda: tf.matmul(tf.zeros([0, 5]), tf.zeros([5, 4])))
attempt("batch matmul 0", lambda: tf.matmul(tf.zeros([0, 2, 3]), tf.zeros([0, 3, 4])))
attempt("softmax", lambda: tf.nn.softmax(tf.zeros([3, 0])))
attempt("bias_add", lambda: tf.nn.bias_add(e2, tf.ones([3])))
attempt("reduce_mean axis 0", lambda: tf.reduce_mean(e2, axis=0))
attempt("reduce_max axis 0", lambda: tf.reduce_max(e2, axis=0))
attempt("argmax over nothing", lambda: tf.argmax(tf.zeros([3, 0]), axis=1))
attempt("cumsum", lambda: tf.cumsum(e2, axis=0))
attempt("gather nothing", lambda: tf.gather(e2, tf.zeros([0], tf.int32)))
attempt("concat", lambda: tf.concat([e2, e2], axis=0))
attempt("tile by 0", lambda: tf.tile(tf.ones([2, 2]), [0, 3]))
attempt("pad", lambda: tf.pad(e2, [[1, 1], [0, 0]]))
attempt("transpose", lambda: tf.transpose(tf.zeros([0, 3, 2])))
attempt("sort", lambda: tf.sort(tf.zeros([0])))
attempt("unique", lambda: tf.unique(tf.zeros([0], tf.int32)).y)
attempt("moments", lambda: tf.nn.moments(h0, axes=[0, 1, 2])[0])
print(tf.reduce_sum(tf.nn.conv2d(w0, tf.ones([3, 3, 8, 4]), 1, "SAME")).numpy())
print(tf.sort(tf.constant([3.0, 1.0, 2.0]), direction="DESCENDING").numpy())
