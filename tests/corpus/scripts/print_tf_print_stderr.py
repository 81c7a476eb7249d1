# tf.print writes to stderr by default; print() to stdout. Recorded: stdout and the whole stderr.
import tensorflow as tf

print("to stdout")
tf.print("to stderr", tf.constant([1, 2, 3]))
tf.print(tf.constant(0.5))
print("done")
