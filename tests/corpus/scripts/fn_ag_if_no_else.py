# AutoGraph: an `if` without else on a tensor keeps the previous value when false.
import tensorflow as tf

@tf.function
def clip_at_ten(x):
    y = x
    if y > 10:
        y = tf.constant(10)
    return y

print(clip_at_ten(tf.constant(3)).numpy(), clip_at_ten(tf.constant(30)).numpy())
