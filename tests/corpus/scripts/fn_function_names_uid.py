# Functions are named from TF's process-wide uid counter (one per eager tensor, graph, graph op
# output and function name, in the order TF makes them): the names of a trace's library functions
# (nested tf.functions, cond branches, while bodies) are TF's.
import tensorflow as tf


def library(cf):
    return sorted(f.signature.name for f in cf.graph.as_graph_def().library.function)


x = tf.constant([1.0, 2.0])
y = x + tf.constant(1.0)
z = tf.reduce_sum(y * y)


@tf.function
def scale(a):
    return a * 2.0 + 1.0


@tf.function
def branches(a):
    if tf.reduce_sum(a) > 0:
        a = a - 1.0
    else:
        a = a + 1.0
    i = tf.constant(0)
    while i < 3:
        i += 1
    return scale(a), i


print(library(branches.get_concrete_function(x)))
v = tf.Variable(3.0)


@tf.function
def uses_variable(a):
    return branches(a * v)


print(library(uses_variable.get_concrete_function(tf.constant([1.0, -4.0]))))
print(library(branches.get_concrete_function(tf.constant([[1.0]]))))


@tf.function
def one_element_condition(a):
    if a > 0:  # a (1,) condition: AutoGraph reshapes it to a scalar, as TF does
        a = a - 1.0
    return a


@tf.function
def calls_it(a):
    return one_element_condition(a) * v


print(library(calls_it.get_concrete_function(tf.constant(1.0))))
print(library(calls_it.get_concrete_function(tf.constant([1.0]))))
print(calls_it(tf.constant([2.0])).numpy().tolist(), [n.name for n in
      one_element_condition.get_concrete_function(tf.constant([1.0])).graph.as_graph_def().node])
for bad in (tf.constant([1.0, 2.0]), tf.constant(1)):
    @tf.function
    def not_scalar(a):
        if a:
            a = a + 1
        return a
    try:
        not_scalar(bad)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, str(e).splitlines()[-1].strip()[:110])
