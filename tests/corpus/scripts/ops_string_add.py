# String tensors added: `+` and tf.add concatenate through TF's Add (with broadcasting), eagerly and
# in tf.function (traced for a string spec); tf.strings.join for comparison; a dtype mismatch.
import tensorflow as tf

a = tf.constant('ab')
print(a + a, tf.add(a, 'c'), tf.constant(['x', 'y']) + tf.constant('!'), 'pre' + a)


@tf.function
def double(t):
    return t + t


print(double(tf.constant('aa')), double(tf.constant(['p', 'q'])), double(tf.constant(3)))
print(double.get_concrete_function(tf.TensorSpec([], tf.string)).graph.get_operations()[1].type)
try:
    a + tf.constant(1)
except (tf.errors.InvalidArgumentError, TypeError, ValueError) as e:
    print(type(e).__name__)
