# tf.map_fn in a tf.function builds TF's while loop over TensorLists (not an unrolled graph): with a
# static and a dynamic first dimension, a structure of elems, fn_output_signature and the static
# shape of the result (its gradient: grad_control_flow_in_function).
import tensorflow as tf


@tf.function
def double(x):
    return tf.map_fn(lambda r: r * 2.0, x)


print(double(tf.ones([2, 3])))
print(double.get_concrete_function(tf.TensorSpec([None, 3])).structured_outputs)
print(double.get_concrete_function(tf.TensorSpec([4, 3])).structured_outputs)


@tf.function
def pairs(a, b):
    return tf.map_fn(lambda p: (p[0] + p[1], tf.reduce_sum(p[0])), (a, b), fn_output_signature=(tf.float32, tf.float32))


s, t = pairs(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), tf.ones([3, 2]))
print(s, t)
print(pairs.get_concrete_function(tf.TensorSpec([None, 2]), tf.TensorSpec([None, 2])).structured_outputs)


@tf.function
def lengths(x):
    return tf.map_fn(lambda r: tf.cast(tf.reduce_sum(r), tf.int32), x, fn_output_signature=tf.int32)


print(lengths(tf.constant([[1.0, 2.0], [3.0, 4.0]])))
