# Seed 003, "像调试NumPy一样逐行验证神经网络前向传播": the eager forward pass. Changes: a global seed
# is set (the article's values are random) and the printed arrays are rounded to 3 decimals.
import numpy as np
import tensorflow as tf

tf.random.set_seed(2024)
x = tf.random.normal([1, 784])
w = tf.Variable(tf.random.normal([784, 10]))
b = tf.Variable(tf.zeros([10]))
logits = tf.matmul(x, w) + b
probs = tf.nn.softmax(logits)
print("Logits:", np.round(logits.numpy(), 3))
print("Probabilities:", np.round(probs.numpy(), 3))
print(logits.shape, int(tf.argmax(probs, axis=1)[0]))
