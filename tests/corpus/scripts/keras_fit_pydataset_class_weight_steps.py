# Keras 3 fit: a keras.utils.PyDataset (batch order shuffled by Python's random at each pass,
# on_epoch_end called: Keras calls it once more than the epochs, not counted here), class_weight (argmax of one-hot targets; missing classes weigh 1),
# steps_per_epoch going on through the same pass in the next epoch, evaluate's metrics_names,
# unweighted compile metrics, and the error for a batch that is not a tuple.
import numpy as np
import keras
from keras import layers

keras.utils.set_random_seed(0)
rng = np.random.RandomState(0)
x = rng.rand(40, 5).astype("float32")
y = rng.randint(0, 3, size=(40,))


class Batches(keras.utils.PyDataset):
    def __init__(self, bad=False, **kwargs):
        super().__init__(**kwargs)
        self.bad = bad
        self.ends = 0

    def __len__(self):
        return 4

    def __getitem__(self, i):
        if self.bad:
            return "not a batch"
        return x[i * 10:(i + 1) * 10], y[i * 10:(i + 1) * 10]

    def on_epoch_end(self):
        self.ends += 1


def model():
    m = keras.Sequential([keras.Input(shape=(5,)), layers.Dense(3, activation="softmax")])
    m.compile(optimizer="sgd", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    return m


m = model()
data = Batches()
h = m.fit(data, epochs=2, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()}, data.ends > 0)
print(m.metrics_names, [round(v, 4) for v in m.evaluate(Batches(), verbose=0)])
m = keras.Sequential([keras.Input(shape=(5,)), layers.Dense(3, activation="softmax")])
m.compile(optimizer="sgd", loss="categorical_crossentropy", metrics=["accuracy"])
h = m.fit(x, keras.utils.to_categorical(y, 3), class_weight={0: 1.0, 2: 3.0}, batch_size=8, epochs=1, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
h = model().fit(x, y, sample_weight=np.linspace(0.5, 2.0, 40), batch_size=8, epochs=1, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
h = model().fit(x, y, batch_size=10, epochs=3, steps_per_epoch=2, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
try:
    model().fit(Batches(bad=True), epochs=1, verbose=0)
except ValueError as e:
    print("ValueError", str(e)[:60])
