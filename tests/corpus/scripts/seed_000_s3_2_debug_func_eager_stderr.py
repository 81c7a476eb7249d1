# Seed 000 §3.2 雷区二 "正确解法": debug_func with tf.print and tf.debugging.assert_greater, decorator
# removed (eager). tf.print goes to stderr (recorded); a failing assert is caught.
import tensorflow as tf

def debug_func(x):
    tf.print("Debug info:", x) # ✅ 每次调用都执行
    tf.debugging.assert_greater(tf.reduce_mean(x), 0.0, message="Mean must be positive") # ✅ 每次调用都检查
    return x * 2

print(debug_func(tf.constant([1.0, 2.0])))
try:
    debug_func(tf.constant([-1.0, -2.0]))
except tf.errors.InvalidArgumentError as e:
    print(type(e).__name__, str(e).splitlines()[0])
