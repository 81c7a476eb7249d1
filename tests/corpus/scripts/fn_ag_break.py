# AutoGraph: `break` in a tensor loop stops it (the first multiple of 7 above the start).
import tensorflow as tf

@tf.function
def first_multiple_of_7(start):
    found = tf.constant(-1)
    for i in tf.range(start, start + 20):
        if i % 7 == 0:
            found = i
            break
    return found

print(first_multiple_of_7(tf.constant(10)).numpy(), first_multiple_of_7(tf.constant(22)).numpy())
