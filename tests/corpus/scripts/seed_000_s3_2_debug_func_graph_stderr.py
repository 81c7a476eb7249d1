# Seed 000 §3.2 雷区二: the "错误写法" debug_func (print + assert on a tensor) and the "正确解法"
# (tf.print + tf.debugging.assert_greater), both with @tf.function. Completed: the calls; the
# wrong version's error is caught and its type printed; tf.print goes to stderr (recorded).
import tensorflow as tf

@tf.function
def debug_func(x):
    print("Debug info:", x) # ❌ 只在 tracing 时执行一次！
    assert tf.reduce_mean(x) > 0, "Mean must be positive" # ❌ tracing 时检查，非运行时！
    return x * 2

try:
    debug_func(tf.constant([1.0, 2.0]))
except Exception as e:
    print(type(e).__name__)

@tf.function
def debug_func(x):
    tf.print("Debug info:", x) # ✅ 每次调用都执行
    tf.debugging.assert_greater(tf.reduce_mean(x), 0.0, message="Mean must be positive") # ✅ 每次调用都检查
    return x * 2

print(debug_func(tf.constant([1.0, 2.0])).numpy())
print(debug_func(tf.constant([3.0, 4.0])).numpy())
try:
    debug_func(tf.constant([-1.0, -2.0]))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", "Mean must be positive" in e.message)
