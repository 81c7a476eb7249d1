# The retrace warning for tf.function objects created in a loop from one def.
import tensorflow as tf

def body(x):
    return x * 2

for i in range(6):
    tf.function(body)(tf.constant(i))
print("done")
