# Adam updates through apply_gradients and a GradientTape; rounded.
import numpy as np
import tensorflow as tf

w = tf.Variable([1.0, -1.0])
opt = tf.keras.optimizers.Adam(learning_rate=0.1)
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * w * tf.constant([1.0, 3.0]))
    grads = tape.gradient(loss, [w])
    opt.apply_gradients(zip(grads, [w]))
    print(step, np.round(w.numpy(), 4))
print(int(opt.iterations), f"{float(opt.learning_rate):.2f}")
