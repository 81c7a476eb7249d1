# Seed 001 (第8课) §5.1 + §5.2, the @tf.function half: train_step_graph over the dataset, 5 epochs,
# after rebuilding model and optimizer as the article does. Changes: indentation restored; the
# eager half is left out (seed_001_s5_eager_mlp_training); tf.keras.utils.set_random_seed(0) added;
# the wall-clock prints are replaced by the final loss (rounded) and the trace count.
import tensorflow as tf
import numpy as np

tf.keras.utils.set_random_seed(0)
# 生成线性回归数据
X = np.random.rand(10000, 20).astype(np.float32)
y = np.random.rand(10000, 1).astype(np.float32)
dataset = tf.data.Dataset.from_tensor_slices((X, y)).batch(256).prefetch(1)

loss_fn = tf.keras.losses.MeanSquaredError()
epochs = 5

# 重置模型权重（重新初始化）
model = tf.keras.Sequential([
    tf.keras.layers.Dense(64, activation='relu'),
    tf.keras.layers.Dense(32, activation='relu'),
    tf.keras.layers.Dense(1)
])
optimizer = tf.keras.optimizers.Adam(0.001)

# 图版本：使用@tf.function
@tf.function
def train_step_graph(x, y):
    with tf.GradientTape() as tape:
        pred = model(x, training=True)
        loss = loss_fn(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss

print("Graph mode training...")
for epoch in range(epochs):
    for x_batch, y_batch in dataset:
        loss = train_step_graph(x_batch, y_batch)
print(f"final loss {float(loss):.3f}")
print(train_step_graph.experimental_get_tracing_count())
