# Tensors with more than 1000 elements print summarized with "..."; small ones in full.
import tensorflow as tf

print(tf.range(1001))
print(tf.range(1000)[-5:])
print(tf.reshape(tf.range(2000), [40, 50]))
print(tf.zeros([3, 400]))
print(tf.range(100))
