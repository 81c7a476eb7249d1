# tf.print to sys.stdout: tensors, Python values, sep, end, summarize, nested structures.
import sys
import tensorflow as tf

tf.print("hello", tf.constant(3), output_stream=sys.stdout)
tf.print(tf.constant([1.5, 2.0, -3.25]), output_stream=sys.stdout)
tf.print(tf.constant([[1, 2], [3, 4]]), output_stream=sys.stdout)
tf.print("a", "b", sep="|", end="!\n", output_stream=sys.stdout)
tf.print(tf.range(10), summarize=3, output_stream=sys.stdout)
tf.print(tf.range(10), summarize=-1, output_stream=sys.stdout)
tf.print(tf.range(100), output_stream=sys.stdout)
tf.print({"k": tf.constant(1)}, [tf.constant(2.5), 3], output_stream=sys.stdout)
tf.print(tf.constant(True), tf.constant("str"), output_stream=sys.stdout)
