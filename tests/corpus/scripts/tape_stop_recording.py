# Operations inside tape.stop_recording() are not recorded.
import tensorflow as tf

x = tf.Variable(3.0)
with tf.GradientTape() as tape:
    a = x * 2.0
    with tape.stop_recording():
        b = x * 100.0
    y = a + b
print(y, tape.gradient(y, x))
with tf.GradientTape() as tape:
    y = x * x
    with tape.stop_recording():
        print("inside", y.numpy())
print(tape.gradient(y, x))
