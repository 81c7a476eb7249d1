# A variable first assigned inside a tensor loop and used after it: TF 2.21 accepts it (last value).
import tensorflow as tf

@tf.function
def f(n):
    for i in tf.range(n):
        last = i
    return last

try:
    print(f(tf.constant(3)).numpy())
except Exception as e:
    print(type(e).__name__)
