// tf.data and tf.keras (core/eager/python/tf_data.py, keras_*.py) through the interpreter.
// Expected outputs were recorded from real TensorFlow 2.21 / Keras 3.15 (tests/oracle/venv).
#include <catch2/catch.hpp>

#include "eager_test_util.h"

using graphlens::eager::test::runScript;

TEST_CASE("tf.data order, shuffle (TF's Philox buffer), batching, map/filter/zip/take/skip match TF", "[eager][data]") {
    const char* script = R"PY(import tensorflow as tf
ds = tf.data.Dataset.range(10)
print([int(x) for x in ds.shuffle(10, seed=1)])
s = ds.shuffle(4, seed=5)
print([int(x) for x in s], [int(x) for x in s])
print([b.numpy().tolist() for b in ds.shuffle(10, seed=9).batch(3)])
print([b.numpy().tolist() for b in tf.data.Dataset.from_tensor_slices(tf.reshape(tf.range(12), [6, 2])).batch(4, drop_remainder=True)])
print([int(x) for x in ds.map(lambda x: x * 2).filter(lambda x: x % 3 == 0)])
print([(int(a), int(b)) for a, b in tf.data.Dataset.zip((ds.take(3), ds.skip(7)))])
print([int(x) for x in ds.map(lambda x: x + 1).shuffle(5, seed=2).take(6)])
print(ds.batch(3).cardinality().numpy(), len(ds.repeat(2)), ds.repeat().cardinality().numpy())
)PY";
    const char* expected = R"OUT([0, 9, 5, 1, 2, 7, 3, 8, 6, 4]
[1, 4, 5, 6, 2, 7, 0, 3, 9, 8] [0, 4, 5, 1, 7, 6, 2, 9, 8, 3]
[[6, 2, 5], [0, 7, 8], [4, 9, 1], [3]]
[[[0, 1], [2, 3], [4, 5], [6, 7]]]
[0, 6, 12, 18]
[(0, 7), (1, 8), (2, 9)]
[1, 4, 6, 3, 9, 7]
4 20 -1
)OUT";
    auto r = runScript(script);
    INFO(r.err);
    REQUIRE(r.ok);
    CHECK(r.out == expected);
}

TEST_CASE("keras Dense forward with set_weights matches TF", "[eager][keras]") {
    const char* script = R"PY(import numpy as np
import tensorflow as tf
d = tf.keras.layers.Dense(3, activation="relu")
d.build((None, 2))
d.set_weights([np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]], dtype=np.float32), np.array([0.1, 0.2, -0.3], dtype=np.float32)])
print(d(tf.constant([[1.0, 2.0], [-3.0, 0.5]])).numpy().tolist())
print([w.path for w in d.weights])
)PY";
    const char* expected = R"OUT([[3.5999999046325684, 0.0, 0.19999998807907104], [0.0, 3.325000047683716, 0.0]]
['dense/kernel', 'dense/bias']
)OUT";
    auto r = runScript(script);
    INFO(r.err);
    REQUIRE(r.ok);
    CHECK(r.out == expected);
}

TEST_CASE("keras Adam steps match TF bit for bit", "[eager][keras]") {
    const char* script = R"PY(import tensorflow as tf
w = tf.Variable([[0.3, -1.2], [2.5, 0.7]])
b = tf.Variable([0.1, -0.2])
opt = tf.keras.optimizers.Adam(learning_rate=0.01)
x = tf.constant([[1.0, 2.0], [3.0, -1.0], [0.5, 0.5]])
for step in range(3):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - 1.0))
    g = tape.gradient(loss, [w, b])
    opt.apply_gradients(zip(g, [w, b]))
    print(step, w.numpy().tolist(), b.numpy().tolist())
)PY";
    const char* expected =
        R"OUT(0 [[0.30999991297721863, -1.1900001764297485], [2.490000009536743, 0.6900001168251038]] [0.09000010788440704, -0.19000008702278137]
1 [[0.31999310851097107, -1.1800025701522827], [2.480001926422119, 0.6800048351287842]] [0.08000023663043976, -0.18000224232673645]
2 [[0.32997503876686096, -1.1700087785720825], [2.4700067043304443, 0.6700172424316406]] [0.0700002983212471, -0.17000776529312134]
)OUT";
    auto r = runScript(script);
    INFO(r.err);
    REQUIRE(r.ok);
    CHECK(r.out == expected);
}

TEST_CASE("keras seeded glorot_uniform Dense kernels match TF bit for bit", "[eager][keras]") {
    const char* script = R"PY(import tensorflow as tf
tf.keras.utils.set_random_seed(42)
d1 = tf.keras.layers.Dense(4)
d2 = tf.keras.layers.Dense(2)
d1.build((None, 3))
d2.build((None, 4))
print(d1.kernel.numpy().tolist())
print(d2.kernel.numpy().tolist())
print(d1.kernel.path, d2.bias.path)
)PY";
    const char* expected =
        R"OUT([[0.6632373332977295, 0.3011295795440674, -0.2616168260574341, 0.8332188129425049], [-0.7812790274620056, 0.28206467628479004, 0.8711965084075928, -0.6149072647094727], [0.044049203395843506, 0.2421196699142456, -0.7658045291900635, -0.09932661056518555]]
[[0.9583117961883545, -0.035964250564575195], [0.5321958065032959, 0.4857454299926758], [0.6319985389709473, -0.7626423835754395], [0.40629100799560547, 0.058797597885131836]]
dense/kernel dense_1/bias
)OUT";
    auto r = runScript(script);
    INFO(r.err);
    REQUIRE(r.ok);
    CHECK(r.out == expected);
}

TEST_CASE("keras fit on arrays with the default shuffle matches TF (Keras' per-fit permutation)", "[eager][keras]") {
    const char* script = R"PY(import numpy as np
import tensorflow as tf
tf.keras.utils.set_random_seed(4)
X = np.random.rand(50, 3).astype(np.float32)
y = X @ np.array([[1.0], [-1.0], [2.0]], np.float32)
m = tf.keras.Sequential([tf.keras.Input(shape=(3,)), tf.keras.layers.Dense(1)])
m.compile(optimizer="sgd", loss="mse")
h = m.fit(X, y, epochs=3, batch_size=8, verbose=0)
print(h.history["loss"])
print(m.layers[0].kernel.numpy().ravel().tolist())
)PY";
    const char* expected = R"OUT([0.700314462184906, 0.5610455870628357, 0.4789918065071106]
[0.5114543437957764, 0.27484479546546936, 0.4924170970916748]
)OUT";
    auto r = runScript(script);
    INFO(r.err);
    REQUIRE(r.ok);
    CHECK(r.out == expected);
}
