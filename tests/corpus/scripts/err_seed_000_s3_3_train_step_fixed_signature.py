# Seed 000 §3.3 改进版 train_step_fixed: input_signature has two TensorSpecs but the function takes
# three parameters (model, x, y). Completed: "# ... 同上" is the body of train_step above, with the
# same small model. The decorator itself raises (TypeError: input_signature missing type
# constraint for y), uncaught, so the call after it never runs.
import tensorflow as tf

tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(2)])
loss_fn = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
optimizer = tf.keras.optimizers.SGD(0.01)

# 改进版：用 input_signature 锁定 shape，? 表示动态 batch 维度
@tf.function(
    input_signature=[
        tf.TensorSpec(shape=[None, 224, 224, 3], dtype=tf.float32), # x
        tf.TensorSpec(shape=[None], dtype=tf.int32) # y
    ]
)
def train_step_fixed(model, x, y):
    with tf.GradientTape() as tape:
        pred = model(x)
        loss = loss_fn(y, pred)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return loss

try:
    train_step_fixed(model, tf.zeros([2, 224, 224, 3]), tf.constant([0, 1]))
except Exception as e:
    print(type(e).__name__)
