# Stateful random ops in tf.function graphs: the graph's seed is the global seed when the trace
# began, ops without an op seed are numbered per graph (a cond branch is a graph of its own), and
# every call of the function draws new values from each op's own stream.
import tensorflow as tf

tf.random.set_seed(11)


@tf.function
def draws():
    a = tf.random.uniform([2])
    b = tf.random.normal([2], seed=5)
    c = tf.random.uniform([3], maxval=10, dtype=tf.int32)
    d = tf.random.truncated_normal([2], mean=1.0)
    return a, b, c, d


first = draws()
second = draws()
for x, y in zip(first, second):
    print(x.numpy(), y.numpy(), bool(tf.reduce_all(x == y)))


@tf.function
def branchy(flag):
    if flag > 0:
        r = tf.random.uniform([3])
    else:
        r = tf.random.uniform([3], seed=2) * 2.0
    return r + tf.random.uniform([3], minval=-1.0, maxval=1.0)


print(branchy(tf.constant(1)).numpy())
print(branchy(tf.constant(-1)).numpy())
print(branchy(tf.constant(1)).numpy())
print(tf.random.uniform([2]).numpy())
