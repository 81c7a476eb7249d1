# Explicit tf.cond and tf.case inside a tf.function.
import tensorflow as tf

@tf.function
def dynamic_predict(x):
    return tf.cond(pred=tf.reduce_mean(x) > 0, true_fn=lambda: x * 2, false_fn=lambda: x * 0.5)

@tf.function
def bucket(x):
    return tf.case([(x < 0, lambda: tf.constant(-1)), (x < 10, lambda: tf.constant(0))],
                   default=lambda: tf.constant(1))

print(dynamic_predict(tf.constant([1.0, 2.0])).numpy(), dynamic_predict(tf.constant([-1.0, -2.0])).numpy())
print([int(bucket(tf.constant(v))) for v in [-5, 5, 50]])
