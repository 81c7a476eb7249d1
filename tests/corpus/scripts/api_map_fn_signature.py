# tf.map_fn as TF's: a structure of elems unstacked together, fn_output_signature (a dtype, a
# TensorSpec, a dict of them) giving the output structure and dtypes, tuple outputs following elems,
# no elements (empty results of the signature's dtype), strings (eagerly: in a graph TF builds a
# while loop over TensorLists that GraphLens unrolls).
import tensorflow as tf
x = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
print(tf.map_fn(lambda r: tf.reduce_sum(r), x))
print(tf.map_fn(lambda r: tf.cast(tf.reduce_sum(r), tf.int32), x, fn_output_signature=tf.int32))
print(tf.map_fn(lambda p: p[0] * p[1], (x, x * 10), fn_output_signature=tf.float32))
print(tf.map_fn(lambda p: (p[0], p[1] + 1), (x[:, 0], x[:, 1])))
print(tf.map_fn(lambda r: {'a': r[0], 'b': r * 2}, x, fn_output_signature={'a': tf.float32, 'b': tf.TensorSpec([2])}))
print(tf.map_fn(lambda r: r, tf.zeros([0, 2])))
print(tf.map_fn(lambda r: tf.strings.as_string(r), tf.constant([1, 2]), fn_output_signature=tf.string))
print(tf.map_fn(lambda r: r, tf.zeros([0, 2]), fn_output_signature=tf.TensorSpec([2])))
print(tf.map_fn(lambda r: r[0], tf.zeros([0, 2], tf.int32), fn_output_signature=tf.int32))
