# A Keras model built by fit/evaluate/predict is built inside the function Keras traces first, so
# plain TF random functions used as initializers draw with that graph's seeds (the global seed and
# a counter from 0, fresh for each model); a model built by an eager call or a functional model
# draws with the eager context's op seeds.
import tensorflow as tf

tf.random.set_seed(0)
x = tf.random.normal([64, 3])
y = tf.random.normal([64, 1])


def weights(model):
    return [[round(v, 6) for v in w.numpy().reshape(-1).tolist()] for w in model.weights]


def sequential():
    m = tf.keras.Sequential([tf.keras.layers.Dense(4, kernel_initializer=tf.random.normal,
                                                   bias_initializer=tf.random.uniform),
                             tf.keras.layers.Dense(1, kernel_initializer=tf.random.normal)])
    m.compile(loss="mse", optimizer=tf.keras.optimizers.SGD(learning_rate=0.0))
    return m


m1 = sequential()
m1.fit(x, y, epochs=1, verbose=0)
print("fit", weights(m1))
m2 = sequential()
m2.fit(x, y, epochs=1, verbose=0)
print("fit again", weights(m2))
m3 = sequential()
print("evaluate", round(m3.evaluate(x, y, verbose=0), 4), weights(m3))
m4 = sequential()
print("predict", m4.predict(x[:2], verbose=0).round(4).tolist(), weights(m4))
m5 = sequential()
m5(x[:1])
print("eager call", weights(m5))
inputs = tf.keras.Input(shape=(3,))
m6 = tf.keras.Model(inputs, tf.keras.layers.Dense(2, kernel_initializer=tf.random.normal)(inputs))
m6.compile(loss="mse", optimizer=tf.keras.optimizers.SGD(learning_rate=0.0))
m6.fit(x, tf.concat([y, y], 1), epochs=1, verbose=0)
print("functional", weights(m6))
print("after", tf.random.normal([2]).numpy().tolist())
