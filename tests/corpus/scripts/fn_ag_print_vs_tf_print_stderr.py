# print runs only while tracing; tf.print (to stderr by default) runs on every call.
import tensorflow as tf

@tf.function
def f(x):
    print("python print:", x.dtype.name)
    tf.print("tf.print:", x)
    return x + 1

f(tf.constant(1))
f(tf.constant(2))
f(tf.constant(3))
print("traces", f.experimental_get_tracing_count())
