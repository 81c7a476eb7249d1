# A Python global read in a tf.function is a constant of the trace.
import tensorflow as tf

counter = 0

@tf.function
def increment():
    global counter
    counter += 1
    return tf.constant(counter)

print(increment().numpy())
print(increment().numpy())
print(counter)
