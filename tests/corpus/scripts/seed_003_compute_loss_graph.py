# Seed 003: compute_loss with @tf.function creating its two tf.Variables inside, as written.
# Completed: a global seed, x and labels (batch 4), and a try/except: in TF 2.21 the first call
# fails (the function creates tf.Variables on every trace and a first call that creates variables
# traces twice), so the error type and the trace count are printed.
import tensorflow as tf

tf.random.set_seed(3)

@tf.function
def compute_loss(x, labels):
    W = tf.Variable(tf.random.normal([784, 10]))
    b = tf.Variable(tf.zeros([10]))
    logits = tf.matmul(x, W) + b
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    )
    return loss

x = tf.random.uniform([4, 784], seed=1) * 0.01
labels = tf.constant([0, 3, 9, 1])
try:
    print(f"{float(compute_loss(x, labels)):.4f}")
except ValueError as e:
    print("ValueError", "only supports singleton tf.Variables created on the first call" in str(e))
print(compute_loss.experimental_get_tracing_count())
