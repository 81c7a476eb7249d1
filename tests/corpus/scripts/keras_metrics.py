# Metrics Mean and SparseCategoricalAccuracy: update_state, result, reset_state.
import tensorflow as tf

m = tf.keras.metrics.Mean()
m.update_state([1.0, 2.0, 3.0])
m.update_state(6.0)
print(f"{float(m.result()):.4f}")
m.reset_state()
print(float(m.result()))
acc = tf.keras.metrics.SparseCategoricalAccuracy()
acc.update_state([0, 1, 2, 1], [[0.9, 0.1, 0.0], [0.2, 0.7, 0.1], [0.5, 0.3, 0.2], [0.1, 0.8, 0.1]])
print(f"{float(acc.result()):.4f}")
acc.update_state([2], [[0.0, 0.0, 1.0]])
print(f"{float(acc.result()):.4f}")
w = tf.keras.metrics.Mean()
w.update_state([1.0, 3.0], sample_weight=[3.0, 1.0])
print(f"{float(w.result()):.4f}")
