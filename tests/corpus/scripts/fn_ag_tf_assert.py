# tf.debugging.assert_* inside tf.function runs on every call and raises InvalidArgumentError.
import tensorflow as tf

@tf.function
def checked(x):
    tf.debugging.assert_greater(tf.reduce_mean(x), 0.0, message="Mean must be positive")
    return x * 2

print(checked(tf.constant([1.0, 3.0])).numpy())
try:
    checked(tf.constant([-1.0, -3.0]))
except tf.errors.InvalidArgumentError as e:
    print("InvalidArgumentError", "Mean must be positive" in e.message)
print(checked.experimental_get_tracing_count())
