# tf.data.Options: defaults of every option group, typed properties (TypeError, AttributeError),
# AutoShardPolicy, with_options and the options a dataset and the datasets after it report
# (merged), equality.
import tensorflow as tf
o = tf.data.Options()
print(type(o).__name__, o.deterministic, o.experimental_deterministic, o.experimental_slack)
print(type(o.threading).__name__, o.threading.private_threadpool_size, o.threading.max_intra_op_parallelism)
print(type(o.experimental_distribute).__name__, o.experimental_distribute.auto_shard_policy)
print(type(o.experimental_optimization).__name__, o.experimental_optimization.map_parallelization, o.experimental_optimization.apply_default_optimizations)
print(type(o.autotune).__name__, o.autotune.enabled, o.autotune.cpu_budget, o.autotune.ram_budget)
print(tf.data.experimental.AutoShardPolicy.DATA, int(tf.data.experimental.AutoShardPolicy.OFF), list(tf.data.experimental.AutoShardPolicy))
o.deterministic = False
o.threading.private_threadpool_size = 8
o.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA
o.experimental_optimization.map_parallelization = True
try:
    o.foo = 1
except AttributeError as e:
    print('AttributeError', e)
try:
    o.deterministic = 3
except TypeError as e:
    print('TypeError', e)
ds = tf.data.Dataset.range(5).with_options(o)
print(repr(ds)[:40], list(ds.as_numpy_iterator()))
print(ds.options().deterministic, ds.options().threading.private_threadpool_size, ds.options().experimental_distribute.auto_shard_policy)
print(ds.map(lambda x: x + 1).options().deterministic, tf.data.Dataset.range(2).options().deterministic)
o2 = tf.data.Options()
o2.experimental_slack = True
ds2 = ds.with_options(o2)
print(ds2.options().deterministic, ds2.options().experimental_slack, ds2.options() == ds.options(), tf.data.Options() == tf.data.Options())
print(tf.data.experimental.ThreadingOptions is tf.data.ThreadingOptions)
print(type(ds.element_spec).__name__)
