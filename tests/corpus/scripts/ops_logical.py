# LogicalAnd, LogicalOr, LogicalNot, logical_xor and the & | ~ operators on bool tensors.
import tensorflow as tf

p = tf.constant([True, True, False, False])
q = tf.constant([True, False, True, False])
print(tf.logical_and(p, q))
print(tf.logical_or(p, q))
print(tf.logical_not(p))
print(tf.math.logical_xor(p, q))
print(p & q, p | q)
print(~q)
print(tf.reduce_any(q), tf.reduce_all(q))
