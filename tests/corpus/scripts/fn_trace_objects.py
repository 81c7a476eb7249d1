# Tracing: a plain Python object is keyed by identity (weakref); another instance retraces.
import tensorflow as tf

class Scale:
    def __init__(self, k):
        self.k = k

@tf.function
def apply(s, x):
    return x * s.k

a, b = Scale(2.0), Scale(3.0)
x = tf.constant(1.5)
print(apply(a, x).numpy())
print(apply(a, x).numpy())
print(apply(b, x).numpy())
a.k = 10.0
print(apply(a, x).numpy())
print(apply.experimental_get_tracing_count())
