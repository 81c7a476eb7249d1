# element_spec and cardinality / len of datasets.
import tensorflow as tf

ds = tf.data.Dataset.from_tensor_slices((tf.zeros([5, 3]), tf.range(5)))
print(ds.element_spec)
b = ds.batch(2)
print(b.element_spec)
print(len(ds), len(b), len(ds.batch(2, drop_remainder=True)))
print(int(ds.cardinality()))
print(tf.data.Dataset.range(4).element_spec)
