# tf.convert_to_tensor on nested lists, lists of tensors, and tf.stack of a Python list built in a loop.
import tensorflow as tf

print(tf.convert_to_tensor([[1, 2], [3, 4]]))
print(tf.convert_to_tensor([tf.constant(1.0), tf.constant(2.0)]))
items = []
for i in tf.range(4):
    items.append(i * 10)
print(tf.stack(items))
print(tf.convert_to_tensor(5, dtype=tf.float32))
