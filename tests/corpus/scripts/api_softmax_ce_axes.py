# tf.nn.softmax_cross_entropy_with_logits as TF builds it: the class axis moved last (axis=0, 1),
# 1-D and 3-D inputs flattened to matrices for the kernel and the cost reshaped back, float16
# computed in float32, the gradient, and the traced graph's ops in the op's name scope (values
# rounded: the kernel's last bit depends on the CPU's reciprocal estimate).
import tensorflow as tf
import numpy as np
lg = tf.constant([[2., 1., 0.1], [0.5, 2.5, 0.3]])
lb = tf.constant([[1., 0., 0.], [0., 0.5, 0.5]])
print(np.round(tf.nn.softmax_cross_entropy_with_logits(lb, lg).numpy(), 5).tolist())
print(np.round(tf.nn.softmax_cross_entropy_with_logits(lb[0], lg[0]).numpy(), 5))
print(np.round(tf.nn.softmax_cross_entropy_with_logits(tf.transpose(lb), tf.transpose(lg), axis=0).numpy(), 5).tolist())
x3 = tf.reshape(tf.range(12.) / 5, [2, 2, 3])
y3 = tf.nn.softmax(tf.reshape(tf.range(12.)[::-1], [2, 2, 3]))
print(np.round(tf.nn.softmax_cross_entropy_with_logits(y3, x3).numpy(), 5).tolist())
print(np.round(tf.nn.softmax_cross_entropy_with_logits(y3, x3, axis=1).numpy(), 5).tolist())
print(tf.nn.softmax_cross_entropy_with_logits(tf.cast(lb, tf.float16), tf.cast(lg, tf.float16)))
with tf.GradientTape() as t:
    t.watch(x3)
    c = tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(y3, x3, axis=1))
print(np.round(t.gradient(c, x3).numpy(), 5).tolist())
@tf.function
def f(a, b):
    return tf.nn.softmax_cross_entropy_with_logits(b, a), tf.nn.softmax_cross_entropy_with_logits(b, a, name='ce')
g = f.get_concrete_function(tf.TensorSpec([2, 3]), tf.TensorSpec([2, 3])).graph
print(sorted(o.type for o in g.get_operations() if o.type != 'Identity'))
print([o.name for o in g.get_operations() if o.type not in ('Identity', 'Pack')])
print(f(lg, lb)[0].shape)
