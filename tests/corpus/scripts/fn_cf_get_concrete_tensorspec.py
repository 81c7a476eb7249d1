# get_concrete_function with TensorSpecs traces once; calls of matching shape reuse it.
import tensorflow as tf

def add_func(a, b):
    return a + b

f = tf.function(add_func)
concrete = f.get_concrete_function(tf.TensorSpec(shape=[None], dtype=tf.float32),
                                   tf.TensorSpec(shape=[None], dtype=tf.float32))
print(concrete(tf.constant([1., 2.]), tf.constant([3., 4.])).numpy())
print(f(tf.constant([1., 2., 3.]), tf.constant([1., 1., 1.])).numpy())
print(f.experimental_get_tracing_count())
print(concrete.structured_input_signature)
print(concrete.structured_outputs)
