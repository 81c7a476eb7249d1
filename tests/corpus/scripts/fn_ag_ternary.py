# AutoGraph: a conditional expression on a tensor becomes a graph conditional.
import tensorflow as tf

@tf.function
def relu_ish(x):
    return x if x > 0 else tf.zeros_like(x)

print(relu_ish(tf.constant(2.5)).numpy(), relu_ish(tf.constant(-1.5)).numpy())
