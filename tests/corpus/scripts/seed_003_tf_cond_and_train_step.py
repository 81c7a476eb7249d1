# Seed 003: the tf.cond form of dynamic_predict and the train_step with gradient clipping, with the
# @tf.function decorator removed (eager). Inputs are added (seeded); losses printed rounded.
import numpy as np
import tensorflow as tf

def dynamic_predict(x):
    return tf.cond(
        pred=tf.reduce_mean(x) > 0,
        true_fn=lambda: x * 2,
        false_fn=lambda: x * 0.5
    )

print(dynamic_predict(tf.constant([1.0, 3.0])))
print(dynamic_predict(tf.constant([-1.0, -3.0])))

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

tf.random.set_seed(3)
x = tf.random.normal([16, 784])
y = tf.random.uniform([16], maxval=10, dtype=tf.int32)
W = tf.Variable(tf.random.normal([784, 10]) * 0.01)
B = tf.Variable(tf.zeros([10]))
for step in range(3):
    print(step, f"{float(train_step(x, y, W, B, lr=0.5)):.3f}")
