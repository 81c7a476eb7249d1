# A GradientTape asked for gradients before its `with` block ran, twice without persistent=True,
# and inside its own block: what TF returns or raises.
import tensorflow as tf
x = tf.constant(2.0)
for f in [lambda: tf.GradientTape().gradient(x, x)]:
    try:
        print(f())
    except Exception as e:
        print(type(e).__name__, e)
t = tf.GradientTape()
with t:
    t.watch(x)
    y = x * x
print(t.gradient(y, x))
try:
    print(t.gradient(y, x))
except Exception as e:
    print(type(e).__name__, e)
with tf.GradientTape() as t2:
    t2.watch(x)
    y = x * x
    try:
        print(t2.gradient(y, x))
    except Exception as e:
        print(type(e).__name__, e)
