// The tensorflow and numpy modules through the interpreter. Expected outputs were recorded from
// real TensorFlow 2.21 / numpy 2.4 (tests/oracle/venv), not written by hand.
#include <catch2/catch.hpp>

#include "eager_test_util.h"

using graphlens::eager::test::runScript;

TEST_CASE("tensors, operators, dtypes, errors, numpy, variables and tapes match TF", "[eager]") {
    const char* script = R"PY(import tensorflow as tf
import numpy as np
t = tf.constant([[1, 2], [3, 4]])
print(t)
print(repr(t * 2 - 1))
print(t.shape, t.dtype, repr(t.dtype), t.shape.as_list(), t.shape == [2, 2])
print(tf.constant([1, 2.5]).dtype, tf.constant(2**40).dtype, tf.constant("ab"))
print(2 * tf.constant(1.5), 1 - tf.constant([1.0, 2.0]), tf.constant([1, 2]) / 2)
print(tf.constant([1, 2]) == [1, 3], tf.constant(3) > 2, -tf.constant([1, -2]))
print(t[1], t[:, 0], t[-1, -1], int(t[0, 1]), float(tf.constant(2.5)))
print(f"{tf.constant(3.14159):.2f}", len(t), [int(r[0]) for r in t])
try:
    tf.constant(1) + tf.constant(1.0)
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, isinstance(e, tf.errors.OpError), e.message)
try:
    tf.constant([[1, 2], [3]])
except ValueError as e:
    print(e)
a = np.array([[1.0, 2.0], [3.0, 4.0]])
print(a, a.dtype, a.shape, repr(a.sum(axis=0)), np.float32(1.5), repr(np.float32(1.5)))
print(np.arange(6).reshape(2, 3).T, np.array([1, 2]) * 2.5)
v = tf.Variable([1.0, 2.0])
print(v)
v.assign_add([1.0, 1.0])
print(v.numpy(), v.name, v.trainable)
x = tf.constant(0.7)
with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.tanh(x) * x
print(f"{float(tape.gradient(y, x)):.6f}")
w = tf.Variable([[1.0], [2.0]])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(tf.matmul(tf.constant([[1.0, 2.0]]), w) ** 2)
print(tape.gradient(loss, w))
)PY";
    const char* expected = R"PY(tf.Tensor(
[[1 2]
 [3 4]], shape=(2, 2), dtype=int32)
<tf.Tensor: shape=(2, 2), dtype=int32, numpy=
array([[1, 3],
       [5, 7]], dtype=int32)>
(2, 2) <dtype: 'int32'> tf.int32 [2, 2] True
<dtype: 'float32'> <dtype: 'int64'> tf.Tensor(b'ab', shape=(), dtype=string)
tf.Tensor(3.0, shape=(), dtype=float32) tf.Tensor([ 0. -1.], shape=(2,), dtype=float32) tf.Tensor([0.5 1. ], shape=(2,), dtype=float64)
tf.Tensor([ True False], shape=(2,), dtype=bool) tf.Tensor(True, shape=(), dtype=bool) tf.Tensor([-1  2], shape=(2,), dtype=int32)
tf.Tensor([3 4], shape=(2,), dtype=int32) tf.Tensor([1 3], shape=(2,), dtype=int32) tf.Tensor(4, shape=(), dtype=int32) 2 2.5
3.14 2 [1, 3]
InvalidArgumentError True cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a float tensor [Op:AddV2] name: 
Can't convert non-rectangular Python sequence to Tensor.
[[1. 2.]
 [3. 4.]] float64 (2, 2) array([4., 6.]) 1.5 np.float32(1.5)
[[0 3]
 [1 4]
 [2 5]] [2.5 5. ]
<tf.Variable 'Variable:0' shape=(2,) dtype=float32, numpy=array([1., 2.], dtype=float32)>
[2. 3.] Variable:0 True
1.048685
tf.Tensor(
[[10.]
 [20.]], shape=(2, 1), dtype=float32)
)PY";
    auto r = runScript(script);
    INFO(r.err);
    CHECK(r.ok);
    CHECK(r.out == expected);
}

TEST_CASE("an uncaught op error ends with TF's traceback line", "[eager]") {
    auto r = runScript("import tensorflow as tf\nprint('before')\ntf.constant([1, 2]) + tf.constant([1, 2, 3])\n");
    CHECK_FALSE(r.ok);
    CHECK(r.out == "before\n");
    CHECK(r.lastErrLine ==
          "tensorflow.python.framework.errors_impl.InvalidArgumentError: {{function_node "
          "__wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible shapes: [2] vs. [3] "
          "[Op:AddV2] name: ");
}

TEST_CASE("conversion errors and dtype inference follow TF", "[eager]") {
    auto r = runScript(R"PY(
import tensorflow as tf
for f in [lambda: tf.constant(2**70), lambda: tf.constant(1.5, dtype=tf.int32), lambda: tf.constant([1, "a"]),
          lambda: tf.constant(None), lambda: tf.convert_to_tensor(tf.constant(1), dtype=tf.float32)]:
    try:
        f()
    except Exception as e:
        print(type(e).__name__, e)
print(tf.constant(300, dtype=tf.uint8).numpy(), tf.constant([1, True]).dtype, tf.constant(1.5) + True)
)PY");
    INFO(r.err);
    CHECK(r.out ==
          "ValueError Can't convert Python sequence with out-of-range integer to Tensor.\n"
          "TypeError Cannot convert 1.5 to EagerTensor of dtype int32\n"
          "ValueError Can't convert Python sequence with mixed types to Tensor.\n"
          "ValueError Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor.\n"
          "ValueError Tensor conversion requested dtype float32 for Tensor with dtype int32: <tf.Tensor: shape=(), "
          "dtype=int32, numpy=1>\n"
          "44 <dtype: 'int32'> tf.Tensor(2.5, shape=(), dtype=float32)\n");
}

TEST_CASE("gradients agree with finite differences", "[eager]") {
    auto r = runScript(R"PY(
import tensorflow as tf
fs = [lambda x: tf.exp(x) * tf.sin(x), lambda x: tf.sigmoid(x) / (1.0 + x * x), lambda x: tf.sqrt(x) * tf.tanh(x),
      lambda x: tf.reduce_sum(tf.nn.softmax(tf.stack([x, 2.0 * x, x * x]))[:2]), lambda x: tf.maximum(x, 0.3) ** 3]
for f in fs:
    x = tf.constant(0.7, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    g = float(tape.gradient(y, x))
    h = 1e-6
    fd = (float(f(tf.constant(0.7 + h, tf.float64))) - float(f(tf.constant(0.7 - h, tf.float64)))) / (2 * h)
    print(abs(g - fd) < 1e-6)
t = tf.GradientTape()
x = tf.constant(1.0)
with t:
    t.watch(x)
    y = x * x
t.gradient(y, x)
try:
    t.gradient(y, x)
except RuntimeError as e:
    print(e)
)PY");
    INFO(r.err);
    CHECK(r.out ==
          "True\nTrue\nTrue\nTrue\nTrue\n"
          "A non-persistent GradientTape can only be used to compute one set of gradients (or jacobians)\n");
}

TEST_CASE("allocations beyond the memory cap are TF's ResourceExhaustedError, not a crash", "[eager][limits]") {
    // 10^10 floats (40 GB) is far beyond the default 2 GiB cap; so is a 4 GB numpy array. The
    // script goes on after each error, and small tensors still work.
    auto r = graphlens::eager::test::runScript(
        "import tensorflow as tf\n"
        "import numpy as np\n"
        "for make in (lambda: tf.zeros([100000, 100000]), lambda: tf.random.uniform([50000, 20000]),\n"
        "             lambda: tf.ones([1000, 1000]) + tf.zeros([1000, 1000, 1000])):\n"
        "    try:\n"
        "        make()\n"
        "        print('allocated')\n"
        "    except tf.errors.ResourceExhaustedError as e:\n"
        "        print(type(e).__name__, 'OOM when allocating tensor with shape[' in e.message)\n"
        "try:\n"
        "    np.zeros((1000, 1000, 1000))\n"
        "except MemoryError:\n"
        "    print('MemoryError')\n"
        "print(tf.reduce_sum(tf.ones([10, 10])).numpy())\n");
    INFO(r.err);
    CHECK(r.ok);
    CHECK(r.out ==
          "ResourceExhaustedError True\nResourceExhaustedError True\nResourceExhaustedError True\n"
          "MemoryError\n100.0\n");
}

// A Python int as a dimension is never truncated to int32 (issue #18): the outputs are TF 2.21's
// (tests recorded with the oracle venv). Where TF truncates too (tf.constant's shape, linspace's
// num, a permutation, a scalar axis), so does GraphLens. TF reserves 16 GiB lazily for the
// (4294967299,) and (4294967297,) cases (and tf.random.uniform's); under the session's memory cap they are TF's
// ResourceExhaustedError for the same shape instead.
TEST_CASE("Python ints as dimensions are not truncated to int32", "[eager][limits]") {
    const char* script = R"PY(import tensorflow as tf
def t(label, f):
    try:
        print(label, f())
    except Exception as e:
        print(label, type(e).__name__, str(e).split(" [Op:")[0].split("}} ")[-1])
t("zeros 2**40", lambda: tf.zeros([2**40, 2**40]).shape)
t("zeros 2**32+3", lambda: tf.zeros([2**32 + 3, 2]).shape)
t("ones tuple", lambda: tf.ones((2**32 + 3,)).shape)
t("fill", lambda: tf.fill([2**32 + 3, 2], 1.0).shape)
t("zeros 2**40 x 0", lambda: tf.zeros([2**40, 0]).shape)
t("zeros 3 x 2**31-1", lambda: tf.zeros([2**31 - 1, 2**31 - 1, 2**31 - 1]).shape)
t("reshape", lambda: tf.reshape(tf.zeros([4]), [2**32, 2]).shape)
t("reshape 0", lambda: tf.reshape(tf.zeros([0]), [0, 2**40]).shape)
t("tile", lambda: tf.tile(tf.zeros([1]), [2**40]).shape)
t("broadcast_to", lambda: tf.broadcast_to(tf.zeros([1]), [2**32 + 1]).shape)
t("pad", lambda: tf.pad(tf.zeros([1]), [[2**32, 0]]).shape)
t("range", lambda: tf.range(2**31 - 1, 2**31 + 1))
t("constant shape", lambda: tf.constant(0, shape=[2**32 + 3, 2]).shape)
t("linspace", lambda: tf.linspace(0., 1., 2**32 + 3).shape)
t("transpose perm", lambda: tf.transpose(tf.zeros([2, 3]), [2**32, 1]).shape)
t("expand_dims", lambda: tf.expand_dims(tf.zeros([2]), 2**32).shape)
t("random.normal", lambda: tf.random.normal([2**32 + 3]).shape)
t("random.uniform", lambda: tf.random.uniform([2**32 + 3, 1]).shape)
t("stateless_normal", lambda: tf.random.stateless_normal([2**32 + 3], seed=[1, 2]).shape)
)PY";
    const auto r = graphlens::eager::test::runScript(script);
    INFO(r.err);
    REQUIRE(r.ok);
    const std::string oom = "ResourceExhaustedError OOM when allocating tensor with shape";
    const std::string cpu = " and type float on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu\n";
    CHECK(r.out ==
          "zeros 2**40 InvalidArgumentError Shape [1099511627776,1099511627776] would have more than 2**63 - 1 "
          "elements\n"
          "zeros 2**32+3 " +
              oom + "[4294967299,2]" + cpu + "ones tuple " + oom + "[4294967299]" + cpu + "fill " + oom +
              "[4294967299,2]" + cpu +
              "zeros 2**40 x 0 (1099511627776, 0)\n"
              "zeros 3 x 2**31-1 InvalidArgumentError Shape [2147483647,2147483647,2147483647] would have more than "
              "2**63 - 1 elements\n"
              "reshape InvalidArgumentError Input to reshape is a tensor with 4 values, but the requested shape has "
              "8589934592\n"
              "reshape 0 (0, 1099511627776)\n"
              "tile " +
              oom + "[1099511627776]" + cpu + "broadcast_to " + oom + "[4294967297]" + cpu + "pad " + oom +
              "[4294967297]" + cpu +
              "range tf.Tensor([2147483647 2147483648], shape=(2,), dtype=int64)\n"
              "constant shape (3, 2)\n"
              "linspace (3,)\n"
              "transpose perm (2, 3)\n"
              "expand_dims (1, 2)\n"
              "random.normal " +
              oom + "[4294967299]" + cpu + "random.uniform " + oom + "[4294967299,1]" + cpu + "stateless_normal " +
              oom + "[4294967299]" + cpu);
}
