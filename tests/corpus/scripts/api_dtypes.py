# tf.dtypes.DType properties and conversion from strings and numpy types.
import numpy as np
import tensorflow as tf

for dt in [tf.float32, tf.float64, tf.int32, tf.int64, tf.bool, tf.uint8, tf.float16]:
    print(dt.name, dt.is_floating, dt.is_integer, dt.size)
print(tf.as_dtype("float32") == tf.float32, tf.as_dtype(np.int64))
print(tf.float32.as_numpy_dtype, tf.int32.min, tf.int32.max)
print(tf.dtypes.float32 is tf.float32)
print(tf.constant(1.0).dtype == tf.float32, tf.constant(1.0).dtype == "float32")
