# Integer floordiv / floormod by zero raise InvalidArgumentError; float division gives inf/nan.
import tensorflow as tf

for fn in (tf.math.floordiv, tf.math.floormod):
    try:
        fn(tf.constant([4, 5]), tf.constant([1, 0]))
    except tf.errors.InvalidArgumentError as e:
        print(fn.__name__, type(e).__name__, "Integer division by zero" in str(e))
print(tf.constant([1.0, -1.0, 0.0]) / 0.0)
