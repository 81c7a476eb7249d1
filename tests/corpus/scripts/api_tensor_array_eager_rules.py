# Eager tf.TensorArray as TF's _EagerTensorArray: clear_after_read (a second read raises, a read
# element stacks as zeros), clear_after_read=False, unwritten elements read as zeros of the
# inferred element shape, the element shape merged from writes, and the errors of bad reads and
# writes (negative and out-of-range indices, a fixed size, a wrong dtype, an incompatible shape).
import tensorflow as tf


def attempt(label, fn):
    try:
        r = fn()
        print(label, r.numpy().tolist() if tf.is_tensor(r) else r)
    except (tf.errors.OpError, ValueError, TypeError) as e:
        print(label, type(e).__name__, repr(e.message if isinstance(e, tf.errors.OpError) else str(e)))


ta = tf.TensorArray(tf.float32, size=3)
ta = ta.write(0, [1., 2.])
ta = ta.write(2, [5., 6.])
print(ta.read(0).numpy().tolist(), ta.read(1).numpy().tolist(), ta.element_shape)
attempt('second read', lambda: ta.read(0))
print(ta.stack().numpy().tolist(), ta.size().numpy())

keep = tf.TensorArray(tf.int32, size=2, clear_after_read=False)
keep = keep.write(0, 7).write(1, 8)
print(keep.read(0).numpy(), keep.read(0).numpy(), keep.stack().numpy().tolist(), keep.gather([1, 0]).numpy().tolist())
print(keep.concat().numpy().tolist() if False else keep.element_shape)

grow = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
for i in range(3):
    grow = grow.write(i, tf.fill([2], float(i)))
print(grow.size().numpy(), grow.stack().numpy().tolist(), grow.element_shape)
grow = grow.write(5, [9., 9.])
print(grow.size().numpy(), grow.stack().numpy().tolist())

fixed = tf.TensorArray(tf.float32, size=2, element_shape=[2])
attempt('read negative', lambda: fixed.read(-1))
attempt('read past end', lambda: fixed.read(5))
attempt('write negative', lambda: fixed.write(-1, [1., 2.]))
attempt('write past end', lambda: fixed.write(2, [1., 2.]))
attempt('write dtype', lambda: fixed.write(0, tf.constant([1, 2])))
attempt('write shape', lambda: fixed.write(0, [1., 2., 3.]))
attempt('unwritten read', lambda: fixed.read(1))
attempt('stack of unwritten', lambda: fixed.stack())
empty = tf.TensorArray(tf.float32, size=0, element_shape=[3])
print(empty.stack().shape, empty.size().numpy())
unknown = tf.TensorArray(tf.float32, size=2)
attempt('unknown shape read', lambda: unknown.read(0))
s = tf.TensorArray(tf.float32, size=3).unstack([[1., 2.], [3., 4.], [5., 6.]])
print(s.read(2).numpy().tolist(), s.element_shape, s.gather([0, 1]).numpy().tolist())
sc = tf.TensorArray(tf.float32, size=4, clear_after_read=False).scatter([3, 1], [[1.], [2.]])
print(sc.stack().numpy().tolist())
