# Tracing: default arguments take part in the key like passed values.
import tensorflow as tf

@tf.function
def scale(x, k=2):
    return x * k

x = tf.constant(3)
print(scale(x).numpy())
print(scale(x, 2).numpy())
print(scale(x, 5).numpy())
print(scale.experimental_get_tracing_count())
