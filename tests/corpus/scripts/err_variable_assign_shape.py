# Assigning a value of another shape to a variable raises ValueError; another dtype too.
import tensorflow as tf

v = tf.Variable([1.0, 2.0])
try:
    v.assign([1.0, 2.0, 3.0])
except ValueError as e:
    print(type(e).__name__)
    print("Cannot assign value to variable" in str(e))
try:
    v.assign(tf.constant([1, 2]))
except (TypeError, ValueError, tf.errors.InvalidArgumentError) as e:
    print(type(e).__name__)
print(v.numpy())
