# A tf.function returning a dict and a tuple keeps the Python structure of its outputs.
import tensorflow as tf

@tf.function
def stats(x):
    return {"mean": tf.reduce_mean(x), "minmax": (tf.reduce_min(x), tf.reduce_max(x))}

r = stats(tf.constant([1.0, 2.0, 6.0]))
print(sorted(r.keys()))
print(r["mean"].numpy(), r["minmax"][0].numpy(), r["minmax"][1].numpy())
print(type(r["minmax"]).__name__)
