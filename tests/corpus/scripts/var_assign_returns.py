# assign* return values and chaining; read_value snapshots versus the live variable.
import tensorflow as tf

v = tf.Variable(1.0)
x = v.assign(5.0)
print(x.numpy(), v.numpy())
y = v.assign_add(2.0, read_value=True)
print(float(y))
print(v.assign_sub(1.0).numpy())
snap = tf.identity(v)
v.assign(0.0)
print(snap.numpy(), v.numpy())
v.assign(1.0).assign_add(1.0)
print(v.numpy())
