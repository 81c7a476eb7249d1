# Appending to an outside Python list happens only while tracing.
import tensorflow as tf

external_list = []

@tf.function
def bad_side_effect(x):
    external_list.append(x)
    return tf.reduce_sum(x)

for i in range(3):
    print(bad_side_effect(tf.constant([i, i])).numpy())
print(len(external_list))
print(external_list[0].shape, type(external_list[0]).__name__)
