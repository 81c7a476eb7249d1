# ConcreteFunction.pretty_printed_signature (verbose and not), str/repr, and
# Function.pretty_printed_concrete_signatures; keyword-only parameters; named input signatures.
import tensorflow as tf


@tf.function
def f(x, y=2, *, z=None):
    return {'a': x * y, 'b': [x, x]}


cf = f.get_concrete_function(tf.constant([1.0]), 3)
print(cf.pretty_printed_signature())
print(cf.pretty_printed_signature(verbose=False))
print(str(cf))
print(repr(cf).split(' at 0x')[0])
print(f(tf.constant([2.0]), 4, z=1)['a'], f(tf.constant([2.0]), 4)['b'][0])


@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name='inp'), tf.TensorSpec([], tf.int32)])
def g(x, n):
    return x * tf.cast(n, tf.float32), n


print(g.get_concrete_function().pretty_printed_signature())
print(g(tf.ones((1, 2)), tf.constant(3))[0])


@tf.function
def h():
    return None


h()
print(h.pretty_printed_concrete_signatures())


@tf.function
def my_relu(x):
    return tf.maximum(0., x)


my_relu(tf.constant(5.5))
my_relu([1, -1])
my_relu(tf.constant([3., -3.]))
print(my_relu.pretty_printed_concrete_signatures())
print(my_relu.pretty_printed_concrete_signatures(verbose=False))
# a concrete function's function_type (str and repr) and its inference_fn
cf = my_relu.get_concrete_function(tf.constant(5.5))
print(cf.function_type)
print(repr(cf.function_type))
print(type(cf.inference_fn).__name__, cf.inference_fn.name == cf.name, cf.inference_fn(tf.constant(-2.0)))
