# assert_rank / assert_rank_at_least with and without message=: TF names the tensor only in a graph
# ("x:0"), eagerly the name is empty; the message comes first, followed by ".  ".
import tensorflow as tf
for f, kw in [(tf.debugging.assert_rank_at_least, {}), (tf.debugging.assert_rank_at_least, {"message": "need a matrix"}),
              (tf.debugging.assert_rank, {"message": "need a matrix"}), (tf.compat.v1.assert_rank_at_least, {"message": "m1", "name": "chk"})]:
    try:
        f(tf.constant([1, 2, 3]), 2, **kw)
    except ValueError as e:
        print(repr(str(e)))
@tf.function
def g(x):
    tf.debugging.assert_rank_at_least(x, 2, message="in graph")
    return x
try:
    g(tf.constant([1.0]))
except ValueError as e:
    print(str(e).splitlines()[-1].strip())
# Eagerly, TF ignores while_loop's shape_invariants.
x = tf.while_loop(lambda i, v: i < 3, lambda i, v: (i + 1, tf.concat([v, v], 0)), [0, tf.constant([1.0])],
                  shape_invariants=[tf.TensorShape([]), tf.TensorShape([5])])
print(x[1].shape)
