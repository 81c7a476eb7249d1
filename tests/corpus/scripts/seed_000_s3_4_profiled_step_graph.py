# Seed 000 §3.4 测速度: profiled_train_step with @tf.function and tf.timestamp() inside. Changed:
# "# ... 训练逻辑" is a small matmul with model/x/y made up; the elapsed time is returned instead
# of tf.print-ed (times differ run to run) and only `elapsed >= 0` and its dtype are printed.
import tensorflow as tf

w = tf.Variable(tf.ones([3, 1]))

@tf.function
def profiled_train_step(model, x, y):
    start = tf.timestamp()
    loss = tf.reduce_mean((tf.matmul(x, model) - y) ** 2)
    end = tf.timestamp()
    return loss, (end - start) * 1e6

loss, elapsed_us = profiled_train_step(w, tf.ones([2, 3]), tf.zeros([2, 1]))
print(loss.numpy(), bool(elapsed_us >= 0), elapsed_us.dtype.name)
