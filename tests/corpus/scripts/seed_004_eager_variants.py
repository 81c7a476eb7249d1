# Seed 004: scale, add_one, n_times, loop_python, loop_tensor with the @tf.function decorator
# removed (eager): the Python print runs on every call; Python and tensor loops give the same value.
import tensorflow as tf

def scale(z):
    print("tracking once")       # 注意：这只在跟踪时执行
    return z * 10

print(scale(tf.constant([1.0, 2.0])))
print(scale(tf.constant([3.0])))

def add_one(z):
    print("new trace for", z.shape)
    return z + 1

add_one(tf.constant([1.0, 2.0]))
add_one(tf.constant([3.0, 4.0]))
add_one(tf.constant([1.0, 2.0, 3.0]))
add_one(tf.constant(1))

def n_times(n):
    return tf.range(n) * 2

print(n_times(3).numpy())     # [0 2 4]
print(n_times(5).numpy())     # [0 2 4 6 8]
print(n_times(tf.constant(7)).numpy())

def loop_python(n):
    total = tf.constant(0.0)
    for i in range(n):
        total += tf.cast(i, tf.float32)
    return total

def loop_tensor(n):
    total = tf.constant(0.0)
    for i in tf.range(n):
        total += tf.cast(i, tf.float32)
    return total

print(loop_python(4).numpy())        # 6.0
print(loop_tensor(tf.constant(4)).numpy())   # 6.0
