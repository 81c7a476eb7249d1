# assign, assign_add, assign_sub and read_value on a resource variable.
import tensorflow as tf

v = tf.Variable([1.0, 2.0, 3.0])
v.assign([4.0, 5.0, 6.0])
print(v.numpy())
v.assign_add([1.0, 1.0, 1.0])
print(v.numpy())
v.assign_sub(tf.constant([0.5, 0.5, 0.5]))
print(v.numpy())
r = v.read_value()
v.assign([0.0, 0.0, 0.0])
print(r, v.read_value())
c = tf.Variable(10)
c.assign_add(5)
c.assign_sub(3)
print(c.numpy())
v[1].assign(9.0)
print(v.numpy())
