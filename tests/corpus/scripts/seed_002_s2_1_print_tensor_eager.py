# Seed 002 §2.1 claims eager print(tensor) shows a symbolic "tf.Tensor add:0 shape() dtype=float32";
# in TF 2.21 eager mode print shows the value, while tf.print shows only the value.
import sys
import tensorflow as tf

a = tf.constant(1.5)
b = tf.constant(2.0)
tensor = tf.add(a, b)
print(tensor)
tf.print(tensor, output_stream=sys.stdout)
try:
    print(tensor.name)
except AttributeError as e:
    print(type(e).__name__, "Tensor.name is undefined when eager execution is enabled." in str(e))
