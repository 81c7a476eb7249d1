# Nested tf.functions: calling one from another traces the inner one inside the outer graph.
import tensorflow as tf

@tf.function
def inner(x):
    print("tracing inner")
    return x * 3

@tf.function
def outer(x):
    print("tracing outer")
    return inner(x) + 1

print(outer(tf.constant(2)).numpy())
print(outer(tf.constant(5)).numpy())
print(inner(tf.constant(2)).numpy())
print(outer.experimental_get_tracing_count(), inner.experimental_get_tracing_count())
