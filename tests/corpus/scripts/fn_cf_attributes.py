# A ConcreteFunction's attributes as TF gives them: name (bytes, the FunctionDef's), graph.name
# (the tf.function's), output_dtypes and output_shapes (nested as the outputs), inputs, outputs,
# structured_outputs, captured_inputs, and str() of it.
import tensorflow as tf


@tf.function
def f(x):
    return x * 2


@tf.function
def pair(x, y):
    return {'sum': x + y, 'parts': (x, tf.cast(y, tf.int32))}


cf = f.get_concrete_function(tf.TensorSpec([2]))
print(repr(cf.name), cf.graph.name, type(cf.graph.name).__name__)
print(cf)
print(cf.structured_outputs, cf.output_dtypes, cf.output_shapes)
print(cf.inputs, cf.outputs)
print(cf.captured_inputs)
cp = pair.get_concrete_function(tf.TensorSpec([None]), tf.TensorSpec([None]))
print(repr(cp.name), cp.graph.name)
print(cp.output_dtypes)
print(cp.output_shapes)
print(cp(tf.constant([1., 2.]), tf.constant([3., 4.]))['parts'][1])
