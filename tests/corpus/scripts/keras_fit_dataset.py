# fit on a tf.data.Dataset with metrics; evaluate returning a list; history rounded.
import numpy as np
import tensorflow as tf

tf.keras.utils.set_random_seed(1)
np.random.seed(1)
X = np.random.rand(64, 4).astype(np.float32)
y = (X.sum(axis=1) > 2.0).astype(np.int32)
ds = tf.data.Dataset.from_tensor_slices((X, y)).shuffle(64, seed=1).batch(16)
model = tf.keras.Sequential([
    tf.keras.Input(shape=(4,)),
    tf.keras.layers.Dense(8, activation="relu"),
    tf.keras.layers.Dense(2),
])
model.compile(optimizer=tf.keras.optimizers.Adam(0.05),
              loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
              metrics=["accuracy"])
h = model.fit(ds, epochs=4, verbose=0, shuffle=False)
print(sorted(h.history.keys()))
print([round(v, 3) for v in h.history["loss"]])
res = model.evaluate(ds, verbose=0)
print(len(res), round(res[0], 3), round(res[1], 3))
print(model.predict(ds, verbose=0).shape)
