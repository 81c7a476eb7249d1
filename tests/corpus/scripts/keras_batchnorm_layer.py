# BatchNormalization: training=True normalises with batch stats and updates moving stats.
import numpy as np
import tensorflow as tf

bn = tf.keras.layers.BatchNormalization(momentum=0.5, epsilon=0.001)
x = tf.constant([[1.0, 10.0], [3.0, 20.0], [5.0, 30.0]])
print(np.round(bn(x, training=False).numpy(), 4))
print(np.round(bn(x, training=True).numpy(), 4))
print(np.round(bn.moving_mean.numpy(), 4), np.round(bn.moving_variance.numpy(), 4))
print([w.name for w in bn.weights])
print(len(bn.trainable_weights), len(bn.non_trainable_weights))
