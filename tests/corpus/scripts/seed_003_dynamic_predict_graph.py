# Seed 003: dynamic_predict with @tf.function (AutoGraph turns the `if` into a conditional), and
# the tf.cond form the article says it is equivalent to, also under @tf.function. Completed: calls.
import tensorflow as tf

@tf.function
def dynamic_predict(x):
    if tf.reduce_mean(x) > 0:
        return x * 2
    else:
        return x * 0.5

@tf.function
def dynamic_predict_cond(x):
    return tf.cond(
        pred=tf.reduce_mean(x) > 0,
        true_fn=lambda: x * 2,
        false_fn=lambda: x * 0.5
    )

for v in [[1.0, 3.0], [-1.0, -3.0]]:
    x = tf.constant(v)
    print(dynamic_predict(x).numpy(), dynamic_predict_cond(x).numpy())
