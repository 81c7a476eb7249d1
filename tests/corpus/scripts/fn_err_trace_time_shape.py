# A static shape error inside a tf.function is raised while tracing (ValueError / InvalidArgumentError).
import tensorflow as tf

@tf.function
def f(a, b):
    return tf.matmul(a, b)

try:
    f(tf.ones([2, 3]), tf.ones([2, 3]))
except Exception as e:
    print(type(e).__name__)
print(f.experimental_get_tracing_count())
