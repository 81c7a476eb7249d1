# SGD with and without momentum via apply_gradients; exact binary fractions.
import tensorflow as tf

v = tf.Variable([1.0, 2.0])
opt = tf.keras.optimizers.SGD(learning_rate=0.5)
opt.apply_gradients([(tf.constant([1.0, -1.0]), v)])
print(v.numpy())
w = tf.Variable(1.0)
mom = tf.keras.optimizers.SGD(learning_rate=0.25, momentum=0.5)
for step in range(3):
    mom.apply_gradients(zip([tf.constant(1.0)], [w]))
    print(step, w.numpy())
print(int(mom.iterations))
