# A concrete function keeps the Python values it was traced with (a tf.Module with plain float
# attributes): called with the tensors only, it uses the traced values (TF's intro_to_graphs pitfall).
import tensorflow as tf


class SimpleModel(tf.Module):
    def __init__(self):
        self.bias = 0.
        self.weight = 2.


def evaluate(model, x):
    return model.weight * x + model.bias


m = SimpleModel()
x = tf.constant(10.)
cf = tf.function(evaluate).get_concrete_function(m, x)
print(cf(x))
m.bias += 5.0
print(cf(x), cf(m, x), cf(model=m, x=tf.constant(1.)))
cf2 = tf.function(evaluate).get_concrete_function(m, x)
print(cf2(x))


@tf.function
def scaled(x, factor, offset=1):
    return x * factor + offset


c = scaled.get_concrete_function(tf.constant([1.0, 2.0]), 3)
print(c(tf.constant([4.0, 5.0])), c(tf.constant([4.0, 5.0]), 3, 1))
for call in [lambda: c(tf.constant([4.0, 5.0]), 3), lambda: c(tf.constant([4.0, 5.0]), 4, 1)]:
    try:
        call()
    except TypeError as e:
        print('TypeError', str(e)[:84])
