# A Python list appended inside a tensor loop fails: the list cannot be a loop variable.
import tensorflow as tf

@tf.function
def build_list(n):
    l = []
    for i in tf.range(n):
        l.append(i)
    return tf.stack(l)

try:
    print(build_list(tf.constant(5)))
except Exception as e:
    print(type(e).__name__)
