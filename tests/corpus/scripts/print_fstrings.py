# Tensors inside f-strings, str(), format specs of scalar tensors converted to Python numbers.
import tensorflow as tf

t = tf.constant([1, 2])
s = tf.constant(2.5)
print(f"t={t}")
print(f"s={s}")
print("str:", str(s))
print(f"{float(s):.3f} {int(tf.constant(7))} {s.numpy()}")
print("%s" % t)
print(f"{t.numpy()}")
print([tf.constant(1), tf.constant(2.0)])
