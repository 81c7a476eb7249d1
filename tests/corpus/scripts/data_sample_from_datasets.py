# tf.data.Dataset.sample_from_datasets: seeded draws with uniform and given weights (TF's
# StatelessMultinomial over log-weights, seeds from Dataset.random), a zero weight, exhausted
# inputs skipped or stopping the sampling, weights from a dataset, cardinality and errors; and
# tf.random.stateless_categorical.
import tensorflow as tf

a = tf.data.Dataset.range(0, 5)
b = tf.data.Dataset.range(100, 105)
c = tf.data.Dataset.range(200, 203)
print(list(tf.data.Dataset.sample_from_datasets([a, b], seed=7).as_numpy_iterator()))
mixed = tf.data.Dataset.sample_from_datasets([a, b, c], weights=[0.7, 0.2, 0.1], seed=3)
print(type(mixed).__name__, mixed.cardinality().numpy(), mixed.element_spec)
print(list(mixed.as_numpy_iterator()))
print(list(tf.data.Dataset.sample_from_datasets([a, b], weights=[1.0, 0.0], seed=1).as_numpy_iterator()))
print(list(tf.data.Dataset.sample_from_datasets([a, c], seed=5, stop_on_empty_dataset=True).as_numpy_iterator()))
forever = tf.data.Dataset.sample_from_datasets([a.repeat(), b], weights=[0.5, 0.5], seed=11)
print(forever.cardinality().numpy(), list(forever.take(8).as_numpy_iterator()))
w = tf.data.Dataset.from_tensors(tf.constant([0.9, 0.1])).repeat()
print(list(tf.data.Dataset.sample_from_datasets([a, b], weights=w, seed=2).as_numpy_iterator()))
for args in [dict(datasets=[]), dict(datasets=[a, b], weights=[1.0]), dict(datasets=[a, b], weights=[1, 2])]:
    try:
        tf.data.Dataset.sample_from_datasets(**args)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
logits = tf.math.log([[0.5, 0.3, 0.2], [0.1, 0.1, 0.8]])
print(tf.random.stateless_categorical(logits, 6, seed=[1, 2]).numpy().tolist())
print(tf.random.stateless_categorical(logits, 3, seed=tf.constant([3, 4], tf.int32), dtype=tf.int32))


@tf.function
def draw(s):
    return tf.random.stateless_categorical(tf.math.log([[0.2, 0.8]]), 5, seed=s)


print(draw(tf.constant([1, 2], tf.int64)).numpy().tolist(), draw(tf.constant([5, 6], tf.int64)).numpy().tolist())
