# The loss curve of the seeds' eager MLP training (seed 001 section 5.1-5.2, the same script as
# ../scripts/seed_001_s5_eager_mlp_training.py): every step's loss, printed in full, so that
# run_curves.py can compare the whole curve with real TensorFlow's within 1e-4 relative.
import tensorflow as tf
import time
import numpy as np

tf.keras.utils.set_random_seed(0)

# 生成线性回归数据
X = np.random.rand(10000, 20).astype(np.float32)
y = np.random.rand(10000, 1).astype(np.float32)
dataset = tf.data.Dataset.from_tensor_slices((X, y)).batch(256).prefetch(1)

model = tf.keras.Sequential([
    tf.keras.layers.Dense(64, activation='relu'),
    tf.keras.layers.Dense(32, activation='relu'),
    tf.keras.layers.Dense(1)
])
loss_fn = tf.keras.losses.MeanSquaredError()
optimizer = tf.keras.optimizers.Adam(0.001)

# 定义训练步骤（Eager版本）
def train_step_eager(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = loss_fn(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss

epochs = 5
for epoch in range(epochs):
    for x_batch, y_batch in dataset:
        loss = train_step_eager(x_batch, y_batch)
        print(repr(float(loss)))
