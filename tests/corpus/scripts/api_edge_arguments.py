# Edge-case arguments: TF's errors word for word, or TF's values, never a crash (INT_MIN // -1
# once trapped with SIGFPE; windows larger than the input gave empty outputs instead of TF's error).
import tensorflow as tf


def attempt(label, fn):
    try:
        r = fn()
        print(label, tuple(r.shape), r.numpy().tolist() if r.shape.num_elements() < 8 else "")
    except Exception as e:
        print(label, type(e).__name__, "|", str(e).split("}} ")[-1])


x = tf.ones([1, 5, 5, 2])
f = tf.ones([3, 3, 2, 2])
attempt("conv stride 10", lambda: tf.nn.conv2d(x, f, 10, "SAME"))
attempt("conv stride 10 valid", lambda: tf.nn.conv2d(x, f, 10, "VALID"))
attempt("conv filter > input valid", lambda: tf.nn.conv2d(x, tf.ones([7, 7, 2, 2]), 1, "VALID"))
attempt("conv filter > input same", lambda: tf.nn.conv2d(x, tf.ones([7, 7, 2, 2]), 1, "SAME"))
attempt("conv filter = input + 1 explicit", lambda: tf.nn.conv2d(x, tf.ones([6, 6, 2, 2]), 1, [[0, 0], [0, 0], [1, 0], [0, 0]]))
attempt("conv dilation 4", lambda: tf.nn.conv2d(x, f, 1, "SAME", dilations=4))
attempt("conv dilation 4 valid", lambda: tf.nn.conv2d(x, f, 1, "VALID", dilations=4))
attempt("conv stride 0", lambda: tf.nn.conv2d(x, f, 0, "SAME"))
attempt("conv dilation 0", lambda: tf.nn.conv2d(x, f, 1, "SAME", dilations=0))
attempt("conv explicit negative", lambda: tf.nn.conv2d(x, f, 1, [[0, 0], [-1, 1], [1, 1], [0, 0]]))
attempt("conv explicit big", lambda: tf.nn.conv2d(x, f, 1, [[0, 0], [9, 9], [1, 1], [0, 0]]))
attempt("conv wrong depth", lambda: tf.nn.conv2d(tf.ones([1, 5, 5, 3]), f, 1, "SAME"))
attempt("max_pool window > input valid", lambda: tf.nn.max_pool2d(x, 7, 1, "VALID"))
attempt("avg_pool window > input valid", lambda: tf.nn.avg_pool2d(x, 7, 1, "VALID"))
attempt("max_pool window > input same", lambda: tf.nn.max_pool2d(x, 7, 1, "SAME"))
attempt("avg_pool window > input same", lambda: tf.nn.avg_pool2d(x, 7, 3, "SAME"))
attempt("max_pool ksize 0", lambda: tf.nn.max_pool2d(x, 0, 1, "SAME"))
attempt("avg_pool ksize 0", lambda: tf.nn.avg_pool2d(x, 0, 1, "SAME"))
attempt("max_pool stride 0", lambda: tf.nn.max_pool2d(x, 2, 0, "SAME"))
attempt("avg_pool stride 9", lambda: tf.nn.avg_pool2d(x, 2, 9, "VALID"))

m32 = tf.constant(-2147483648)
m64 = tf.constant(-9223372036854775808, tf.int64)
attempt("int32 min // -1", lambda: m32 // tf.constant(-1))
attempt("int32 min % -1", lambda: m32 % tf.constant(-1))
attempt("int64 min // -1", lambda: m64 // tf.constant(-1, tf.int64))
attempt("int64 min % -1", lambda: m64 % tf.constant(-1, tf.int64))
attempt("floordiv", lambda: tf.math.floordiv(m32, tf.constant(-1)))
attempt("floormod", lambda: tf.math.floormod(m32, tf.constant(-1)))
attempt("abs int32 min", lambda: tf.abs(m32))
attempt("neg int32 min", lambda: -m32)
attempt("int8 // -1", lambda: tf.constant([7, -7, -128], tf.int8) // tf.constant([-1, -1, -1], tf.int8))
attempt("int8 % -1", lambda: tf.constant([-128], tf.int8) % tf.constant([-1], tf.int8))
attempt("int32 overflow", lambda: tf.constant(2147483647) + tf.constant(1))
attempt("int32 product overflow", lambda: tf.constant(65536) * tf.constant(65536))
attempt("int32 square overflow", lambda: tf.square(tf.constant(65536)))
attempt("int // 0", lambda: tf.constant(1) // tf.constant(0))
attempt("int % 0", lambda: tf.constant(1) % tf.constant(0))
attempt("abs of -0.0", lambda: tf.abs(tf.constant([-0.0, -1.5, 2.0])))
print(tf.abs(tf.constant(-0.0)))


# Traced: TF's shape inference is stricter than its kernels (a window larger than the input is an
# error when traced, an empty output when run eagerly). The message is compared up to the node's
# description.
@tf.function
def pool(x):
    return tf.nn.max_pool2d(x, 2, 2, "VALID")


@tf.function
def conv(x):
    return tf.nn.conv2d(x, tf.ones([2, 2, 2, 2]), 2, "VALID")


@tf.function
def reshape(x):
    return tf.reshape(x, [-1, 2])


for label, fn, shape in (("pool", pool, [1, 1, 1, 2]), ("pool", pool, [1, 4, 0, 2]), ("conv", conv, [1, 4, 1, 2]),
                         ("conv", conv, [1, 4, 4, 2]), ("reshape", reshape, [3]), ("reshape", reshape, [4])):
    try:
        print("traced", label, shape, fn(tf.ones(shape)).shape)
    except ValueError as e:
        last = str(e).strip().splitlines()[-1].strip()
        last = last[len("ValueError: "):] if last.startswith("ValueError: ") else last
        print("traced", label, shape, "ValueError", last.split(" for '")[0].split(" [Op:")[0])
    except tf.errors.InvalidArgumentError as e:
        print("traced", label, shape, "InvalidArgumentError")
