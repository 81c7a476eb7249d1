# Dataset.map and .filter functions are traced once, when the transformation is made, over the
# element spec (TF's structured functions): Python side effects run then, not per element; the
# arguments are symbolic (args_0, ...) with the spec's static shapes; AutoGraph converts them.
import tensorflow as tf

calls = []


def double(x):
    calls.append(x.shape)
    print("tracing double:", x)
    return x * 2


ds = tf.data.Dataset.range(5)
mapped = ds.map(double)
print("made; calls so far:", len(calls))
print(list(mapped.as_numpy_iterator()), list(mapped.as_numpy_iterator()), len(calls))


def keep_even(x):
    print("tracing keep_even")
    if x % 2 == 0:
        return True
    return False


print(list(ds.filter(keep_even).as_numpy_iterator()))
pairs = tf.data.Dataset.from_tensor_slices(([1.0, 2.0, 3.0], [[1, 2], [3, 4], [5, 6]]))


def combine(a, b):
    print("tracing combine:", a.shape, b.shape, a.dtype.name, b.dtype.name)
    return {'sum': a + tf.cast(tf.reduce_sum(b), tf.float32), 'b': b}


combined = pairs.map(combine)
print(combined.element_spec)
print([sorted((k, v.tolist()) for k, v in e.items()) for e in combined.as_numpy_iterator()])
batched = tf.data.Dataset.range(7).batch(3).map(lambda x: tf.reduce_sum(x))
print(batched.element_spec, list(batched.as_numpy_iterator()))
try:
    ds.map(lambda x: x.numpy())
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:70])
