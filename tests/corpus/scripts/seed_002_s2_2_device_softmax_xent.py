# Seed 002 §2.2 设备契约: model forward and softmax_cross_entropy_with_logits inside
# tf.device('/GPU:0'). Punctuation the article lost is restored; model, x, y are added. Without a
# GPU, eager soft placement runs both on the CPU.
import numpy as np
import tensorflow as tf

model = tf.keras.layers.Dense(3, kernel_initializer="ones", bias_initializer=tf.keras.initializers.Constant([0.0, 1.0, 2.0]))
x = tf.constant([[0.5, -0.5], [1.0, 1.0]])
y = tf.constant([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])
with tf.device('/GPU:0'):
    logits = model(x) # 模型前向在GPU
    loss = tf.nn.softmax_cross_entropy_with_logits(labels=y, logits=logits) # loss计算也在GPU
print(logits)
print(np.round(loss.numpy(), 4))
print(loss.device.endswith("CPU:0"))
