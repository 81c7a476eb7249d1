# tf.config.run_functions_eagerly(True): the body runs as Python every call and nothing traces.
import tensorflow as tf

@tf.function
def noisy(x):
    print("python body runs, executing eagerly:", tf.executing_eagerly())
    return x * 2

tf.config.run_functions_eagerly(True)
print(noisy(tf.constant(1)).numpy())
print(noisy(tf.constant(2)).numpy())
print(noisy.experimental_get_tracing_count())
tf.config.run_functions_eagerly(False)
print(noisy(tf.constant(3)).numpy())
print(noisy(tf.constant(4)).numpy())
print(noisy.experimental_get_tracing_count())
print(tf.config.functions_run_eagerly())
