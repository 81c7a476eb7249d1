# tf.random.shuffle with seeds and tf.random.categorical with a seed (deterministic under set_seed).
import tensorflow as tf

tf.random.set_seed(11)
print(tf.random.shuffle(tf.range(8)))
print(tf.random.shuffle(tf.range(8), seed=2))
logits = tf.math.log([[0.5, 0.5, 0.0001]])
samples = tf.random.categorical(logits, 10, seed=4)
print(samples.shape, samples.dtype)
print(bool(tf.reduce_all(samples < 2)))
