# MeanSquaredError, SparseCategoricalCrossentropy(from_logits), BinaryCrossentropy; rounded.
import tensorflow as tf

mse = tf.keras.losses.MeanSquaredError()
print(f"{float(mse(tf.constant([[1.0], [2.0]]), tf.constant([[1.5], [1.0]]))):.4f}")
scce = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)
logits = tf.constant([[2.0, 0.5, -1.0], [0.1, 0.2, 3.0]])
print(f"{float(scce(tf.constant([0, 2]), logits)):.4f}")
scce_p = tf.keras.losses.SparseCategoricalCrossentropy()
print(f"{float(scce_p(tf.constant([1]), tf.constant([[0.25, 0.5, 0.25]]))):.4f}")
bce = tf.keras.losses.BinaryCrossentropy()
print(f"{float(bce(tf.constant([[1.0], [0.0]]), tf.constant([[0.8], [0.3]]))):.4f}")
bce_l = tf.keras.losses.BinaryCrossentropy(from_logits=True)
print(f"{float(bce_l(tf.constant([[1.0], [0.0]]), tf.constant([[2.0], [-1.0]]))):.4f}")
mse_sum = tf.keras.losses.MeanSquaredError(reduction="sum")
print(f"{float(mse_sum(tf.constant([[1.0, 2.0]]), tf.constant([[3.0, 2.0]]))):.4f}")
