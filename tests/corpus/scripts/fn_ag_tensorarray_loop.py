# tf.TensorArray written in a tensor loop and stacked.
import tensorflow as tf

@tf.function
def build_tensorarray(n):
    ta = tf.TensorArray(tf.int32, size=n)
    for i in tf.range(n):
        ta = ta.write(i, i * i)
    return ta.stack()

print(build_tensorarray(tf.constant(5)).numpy())
print(build_tensorarray(tf.constant(3)).numpy())
print(build_tensorarray.experimental_get_tracing_count())
