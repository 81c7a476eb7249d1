# Tracing: string arguments are Python values in the key; a new string retraces.
import tensorflow as tf

@tf.function
def act(x, kind):
    print("trace", kind)
    if kind == "relu":
        return tf.nn.relu(x)
    return tf.abs(x)

x = tf.constant([-1.0, 2.0])
print(act(x, "relu").numpy())
print(act(x, "abs").numpy())
print(act(x, "relu").numpy())
print(act.experimental_get_tracing_count())
