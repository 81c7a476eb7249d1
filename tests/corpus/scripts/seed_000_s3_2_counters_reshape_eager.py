# Seed 000 §3.2 雷区一 and 雷区三: bad_counter/good_counter and bad_reshape/good_reshape with the
# @tf.function decorator removed. Eagerly all four work: x.shape[0] is a real int here.
import tensorflow as tf

def bad_counter(x):
    count = 0 # Python int，图化时会被当作常量
    for i in tf.range(x): # tf.range 返回的是 tf.Tensor
        count += 1
    return count

def good_counter(x):
    count = tf.Variable(0, dtype=tf.int32, trainable=False) # 显式声明为 tf.Variable
    for i in tf.range(x):
        count.assign_add(1) # 使用 assign_add，图内可执行
    return count

print(bad_counter(tf.constant(4)))
print(good_counter(tf.constant(4)).numpy())

def bad_reshape(x):
    batch_size = x.shape[0]
    return tf.reshape(x, [batch_size, -1])

def good_reshape(x):
    batch_size = tf.shape(x)[0] # ✅ 返回一个 tf.Tensor，值为实际 batch size
    return tf.reshape(x, [batch_size, -1])

x = tf.zeros([2, 3, 4])
print(bad_reshape(x).shape, good_reshape(x).shape)
print(tf.shape(x)[0], tf.size(x))
