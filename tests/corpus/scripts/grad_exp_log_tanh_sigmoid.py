# Gradients of Exp, Log, Tanh, Sigmoid; rounded.
import numpy as np
import tensorflow as tf

x = tf.constant([0.0, 0.5, 2.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    ys = {"exp": tf.exp(x), "log": tf.math.log(x + 1.0), "tanh": tf.tanh(x), "sigmoid": tf.sigmoid(x)}
for k in ["exp", "log", "tanh", "sigmoid"]:
    print(k, np.round(tape.gradient(ys[k], x).numpy(), 4))
