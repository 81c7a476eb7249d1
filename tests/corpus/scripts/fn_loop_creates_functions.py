# Creating a tf.function inside a loop retraces each time (each object has its own cache).
import tensorflow as tf

def body(x):
    return x + 1

counts = []
for i in range(4):
    f = tf.function(body)
    f(tf.constant(i))
    counts.append(f.experimental_get_tracing_count())
print(counts)
