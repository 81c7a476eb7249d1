# A training step under tf.function: tape, gradients, apply_gradients; loss falls.
import tensorflow as tf

tf.keras.utils.set_random_seed(1)
w = tf.Variable([[0.5], [-0.5]])
b = tf.Variable([0.0])
opt = tf.keras.optimizers.SGD(0.1)
x = tf.constant([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0]])
y = tf.constant([[1.0], [2.0], [0.0]])

@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((tf.matmul(x, w) + b - y) ** 2)
    grads = tape.gradient(loss, [w, b])
    opt.apply_gradients(zip(grads, [w, b]))
    return loss

losses = [float(train_step(x, y)) for _ in range(5)]
print([f"{l:.4f}" for l in losses])
print(train_step.experimental_get_tracing_count())
