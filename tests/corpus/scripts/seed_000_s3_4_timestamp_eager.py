# Seed 000 §3.4 测速度: the tf.timestamp() instrumentation run eagerly (decorator removed). The
# elapsed time is not printed (timing differs run to run), only that it is a non-negative float64.
import tensorflow as tf

def profiled_step(x):
    start = tf.timestamp()
    loss = tf.reduce_mean(tf.square(x))
    end = tf.timestamp()
    elapsed_us = (end - start) * 1e6
    print("Step time dtype:", elapsed_us.dtype, bool(elapsed_us >= 0))
    return loss

print(profiled_step(tf.constant([1.0, 2.0, 3.0])))
