# tf.autograph.to_code of calls (converted_call), nested returns in if/else and print.
import tensorflow as tf

def f(x):
    print("tracing")
    if tf.reduce_sum(x) > 0:
        return tf.tanh(x)
    else:
        return tf.abs(x) * 2

print(tf.autograph.to_code(f))
