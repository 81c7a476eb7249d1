# Variable updates inside a tensor loop (a stateful While).
import tensorflow as tf

acc = tf.Variable(0.0)

@tf.function
def accumulate(xs):
    for x in xs:
        acc.assign_add(x)
    return acc.read_value()

print(accumulate(tf.constant([1.0, 2.0, 3.5])).numpy())
print(accumulate(tf.constant([0.5])).numpy())
