# Seed 001 (第8课) §5.1 构建数据与模型 + §5.2 性能测试: the eager training loop (the @tf.function
# half is left out). Changes: indentation restored; tf.keras.utils.set_random_seed(0) added (it also
# seeds np.random) so data and weights are deterministic; the article's "–" minus sign is "-"; the
# wall-clock print is replaced by a type check and the final loss (rounded).
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

# Eager 模式
print("Eager mode training…")
start = time.time()
for epoch in range(epochs):
    for x_batch, y_batch in dataset:
        loss = train_step_eager(x_batch, y_batch)
eager_time = time.time() - start
print("Eager time is a float:", isinstance(eager_time, float))
print(f"final loss: {float(loss):.3f}")
print(int(optimizer.iterations), len(model.trainable_variables))
