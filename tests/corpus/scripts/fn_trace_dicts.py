# Tracing: dicts are keyed by their key set (order ignored) and each value's type.
import tensorflow as tf

@tf.function
def f(d):
    return d["a"] - d["b"]

print(f({"a": tf.constant(5), "b": tf.constant(2)}).numpy())
print(f({"b": tf.constant(1), "a": tf.constant(9)}).numpy())
print(f({"a": tf.constant(5.0), "b": tf.constant(2.0)}).numpy())
print(f.experimental_get_tracing_count())
