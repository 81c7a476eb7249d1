# Seed 000 §3.3: train_step(model, x, y) with @tf.function, as written. Completed: model (Flatten +
# Dense(2), seeded), loss_fn (sparse categorical cross-entropy from logits), optimizer (SGD 0.01),
# and two batches of 224x224x3 inputs (sizes 4 and 2, so two traces). Losses printed rounded.
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(2)])
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.SGD(0.01)

# 原始函数，会为每个 batch size 生成新图
@tf.function
def train_step(model, x, y):
    with tf.GradientTape() as tape:
        pred = model(x)
        loss = loss_fn(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss

x4 = tf.random.uniform([4, 224, 224, 3], seed=1)
y4 = tf.constant([0, 1, 1, 0])
x2 = tf.random.uniform([2, 224, 224, 3], seed=2)
y2 = tf.constant([1, 0])
print(f"{float(train_step(model, x4, y4)):.4f}")
print(f"{float(train_step(model, x4, y4)):.4f}")
print(f"{float(train_step(model, x2, y2)):.4f}")
print(train_step.experimental_get_tracing_count())
