# TF_ENABLE_ONEDNN_OPTS=1 set in os.environ before `import tensorflow` (TF reads it then): eager
# errors name the oneDNN kernels TF puts in place of float32/bfloat16 MatMul, BatchMatMulV2 and
# Conv2D (__MklMatMul, ...), not of other types; oneDNN's Softmax refuses rank 0 and rank > 5
# with its own AbortedError; LogSoftmax keeps the Eigen kernel's InvalidArgumentError.
import os

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "1"
import tensorflow as tf

cases = [
    ("matmul f32", lambda: tf.matmul(tf.ones([1, 4]), tf.ones([3, 3]))),
    ("matmul bf16", lambda: tf.matmul(tf.ones([1, 4], tf.bfloat16), tf.ones([3, 3], tf.bfloat16))),
    ("matmul f64", lambda: tf.matmul(tf.ones([1, 4], tf.float64), tf.ones([3, 3], tf.float64))),
    ("matmul i32", lambda: tf.matmul(tf.ones([1, 4], tf.int32), tf.ones([3, 3], tf.int32))),
    ("batch matmul f32", lambda: tf.matmul(tf.ones([2, 1, 4]), tf.ones([2, 3, 3]))),
    ("batch matmul f64", lambda: tf.matmul(tf.ones([2, 1, 4], tf.float64), tf.ones([2, 3, 3], tf.float64))),
    ("conv2d f32", lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 2]), tf.ones([3, 3, 3, 1]), 1, "SAME")),
    ("conv2d f64", lambda: tf.nn.conv2d(tf.ones([1, 4, 4, 2], tf.float64), tf.ones([3, 3, 3, 1], tf.float64), 1,
                                        "SAME")),
    ("softmax rank 0", lambda: tf.nn.softmax(tf.ones([]))),
    ("softmax rank 6", lambda: tf.nn.softmax(tf.ones([1, 1, 1, 1, 1, 2]))),
    ("softmax f64 rank 0", lambda: tf.nn.softmax(tf.ones([], tf.float64))),
    ("log_softmax rank 0", lambda: tf.nn.log_softmax(tf.ones([]))),
    ("add", lambda: tf.ones([2]) + tf.ones([3])),
]
for name, f in cases:
    try:
        f()
        print(name, "ran")
    except tf.errors.OpError as e:
        print(name, type(e).__name__, e.message)
print(tf.nn.softmax(tf.constant([1.0, 2.0, 3.0])).numpy().tolist())
