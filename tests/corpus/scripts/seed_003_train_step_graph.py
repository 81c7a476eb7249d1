# Seed 003: train_step(x, y, w, b, lr=0.01) with @tf.function and the clipping `if`, as written.
# Completed: seeded x (8x4), labels, w and b variables; three steps, losses rounded.
import tensorflow as tf

tf.random.set_seed(5)

@tf.function
def train_step(x, y, w, b, lr=0.01):
    with tf.GradientTape() as tape:
        logits = tf.matmul(x, w) + b
        loss = tf.reduce_mean(
            tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits)
        )
    dw, db = tape.gradient(loss, [w, b])
    # 梯度裁剪：动态控制流仍可被AutoGraph处理
    if tf.norm(dw) > 1.0:
        dw = dw / tf.norm(dw)
    w.assign_sub(lr * dw)
    b.assign_sub(lr * db)
    return loss

x = tf.random.normal([8, 4], seed=1)
y = tf.constant([0, 1, 2, 0, 1, 2, 0, 1])
w = tf.Variable(tf.random.normal([4, 3], seed=2))
b = tf.Variable(tf.zeros([3]))
print([f"{float(train_step(x, y, w, b)):.4f}" for _ in range(3)])
print(train_step.experimental_get_tracing_count())
