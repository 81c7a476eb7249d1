# EagerTensor API: shape, dtype, ndim, len, iteration, bool/int/float conversion, numpy, is_tensor.
import tensorflow as tf

t = tf.constant([[1, 2, 3], [4, 5, 6]])
print(t.shape, t.dtype, t.ndim, len(t))
for row in t:
    print(row)
print(int(tf.constant(3)), float(tf.constant(2.5)), bool(tf.constant(True)))
print(tf.is_tensor(t), tf.is_tensor([1, 2]), isinstance(t, tf.Tensor))
print(t.get_shape(), t.shape.num_elements())
print(bool(tf.constant(0.0)), bool(tf.constant([1])))
x = tf.constant(4)
print(list(range(x)) if False else int(x) * 2)
