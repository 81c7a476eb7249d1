# Integer and bool variables, counters, and conversions.
import tensorflow as tf

step = tf.Variable(0, dtype=tf.int64, trainable=False)
for _ in range(5):
    step.assign_add(1)
print(step)
print(int(step), step.numpy().dtype)
flag = tf.Variable(False)
flag.assign(True)
print(flag.numpy())
i = tf.Variable([1, 2, 3])
print(i * 2)
print(tf.cast(i, tf.float32) / 2)
