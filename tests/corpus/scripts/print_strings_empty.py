# String tensors print as bytes; empty tensors print as [] with their shape.
import tensorflow as tf

print(tf.constant("hello"))
print(tf.constant(["a", "bc"]))
print(tf.constant("hello").numpy())
print(tf.zeros([0]))
print(tf.zeros([0, 3]))
print(tf.constant([], dtype=tf.int32))
print(tf.strings.join(["x", "y"], separator="-"))
