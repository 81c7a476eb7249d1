# Keras 3 fit/evaluate with an overridden train_step and test_step: model.metrics (the loss tracker
# and the compile_metrics container), history keys sorted with nested results flattened in place,
# super().train_step, a custom `metrics` property reset each epoch, evaluate's list order and
# return_dict, and get_metrics_result.
import numpy as np
import keras
import tensorflow as tf

keras.utils.set_random_seed(0)
rng = np.random.RandomState(1)
x = rng.rand(50, 4).astype("float32")
y = rng.rand(50, 1).astype("float32")


class Custom(keras.Model):
    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            y_pred = self(x, training=True)
            loss = self.compute_loss(y=y, y_pred=y_pred)
        self.optimizer.apply(tape.gradient(loss, self.trainable_variables), self.trainable_variables)
        for m in self.metrics:
            if m.name == "loss":
                m.update_state(loss)
            else:
                m.update_state(y, y_pred)
        return {m.name: m.result() for m in self.metrics}


inp = keras.Input(shape=(4,))
model = Custom(inp, keras.layers.Dense(1)(inp))
model.compile(optimizer="sgd", loss="mse", metrics=["mae", "mse"])
print([m.name for m in model.metrics], model.metrics_names)
h = model.fit(x, y, epochs=2, batch_size=16, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
print({k: round(float(v), 4) for k, v in model.get_metrics_result().items()})
print([round(v, 4) for v in model.evaluate(x, y, verbose=0)])
print({k: round(v, 4) for k, v in model.evaluate(x, y, verbose=0, return_dict=True).items()})


class ViaSuper(keras.Model):
    def train_step(self, data):
        return super().train_step(data)


inp = keras.Input(shape=(4,))
m2 = ViaSuper(inp, keras.layers.Dense(1)(inp))
m2.compile(optimizer="sgd", loss="mse", metrics=["mae"])
h = m2.fit(x, y, epochs=2, batch_size=16, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})


class OwnMetrics(keras.Model):
    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.tracker = keras.metrics.Mean(name="my_loss")

    def train_step(self, data):
        x, y = data
        with tf.GradientTape() as tape:
            loss = keras.losses.mean_squared_error(y, self(x, training=True))
        self.optimizer.apply(tape.gradient(loss, self.trainable_variables), self.trainable_variables)
        self.tracker.update_state(loss)
        return {"my_loss": self.tracker.result()}

    def test_step(self, data):
        x, y = data
        self.tracker.update_state(keras.losses.mean_squared_error(y, self(x, training=False)))
        return {"my_loss": self.tracker.result()}

    @property
    def metrics(self):
        return [self.tracker]


inp = keras.Input(shape=(4,))
m3 = OwnMetrics(inp, keras.layers.Dense(1)(inp))
m3.compile(optimizer="sgd")
h = m3.fit(x, y, epochs=3, batch_size=25, verbose=0)
print({k: [round(v, 4) for v in vs] for k, vs in h.history.items()})
print(round(m3.evaluate(x, y, verbose=0), 4))
