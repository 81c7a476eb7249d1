#!/usr/bin/env python3
"""Record numpy 2.4 / TensorFlow 2.21 random streams and array printing for core/numeric.

Writes tests/data/expected/numeric_*.json (read by tests/numeric):
  numeric_np_random.json   numpy legacy RandomState / np.random.* and Python's `random`
  numeric_tf_random.json   TF Philox kernels (stateful and stateless), seed rules, Keras init
  numeric_print.json       numpy str/repr and TF tensor/variable/tf.print text

Values are stored as bit patterns (floats as their unsigned integer bits) so the C++ tests
compare bit-exactly. Long streams are stored as a head (first values) plus an FNV-1a 64 hash
over every value's bits (one 64-bit word per value), which keeps the files small.

Run with the oracle venv: tests/oracle/venv/bin/python tests/oracle/record_numeric.py [random|print]
"""

import json
import os
import random
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(REPO, "tests", "data", "expected")
HEAD = 48


def fnv64(values) -> str:
    """FNV-1a over 64-bit words: each value's bit pattern zero-extended to 64 bits."""
    h = 0xCBF29CE484222325
    for v in values.tolist():
        h ^= v
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def bits(a):
    """numpy array -> (dtype name, flat unsigned bit patterns as numpy array)."""
    a = np.ascontiguousarray(a)
    name = str(a.dtype)
    width = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize]
    return name, a.reshape(-1).view(width)


def stream(a):
    name, u = bits(a)
    return {"dtype": name, "n": int(u.size), "head": [int(x) for x in u[:HEAD]],
            "fnv": fnv64(u)}


# ---------------------------------------------------------------------------------------------
def record_np_random():
    cases = []
    for seed in (0, 1, 42, 12345, 2**32 - 1):
        def add(what, fn):
            np.random.seed(seed)
            cases.append({"seed": seed, "what": what, **stream(np.asarray(fn()))})
        add("rand", lambda: np.random.rand(2000))
        add("random_sample", lambda: np.random.random_sample(1003))
        add("randn", lambda: np.random.randn(2001))
        add("standard_normal", lambda: np.random.standard_normal(999))
        add("randint 0 10", lambda: np.random.randint(0, 10, size=1500))
        add("randint -5 1000000", lambda: np.random.randint(-5, 1000000, size=1500))
        add("randint 0 2**40", lambda: np.random.randint(0, 2**40, size=600))
        add("randint -2**63 2**63-1", lambda: np.random.randint(-2**63, 2**63 - 1, size=300))
        add("randint 0 2**32", lambda: np.random.randint(0, 2**32, size=300))
        add("randint 0 2**32+1", lambda: np.random.randint(0, 2**32 + 1, size=300))
        add("randint 3 4", lambda: np.random.randint(3, 4, size=10))
        add("randint int32 -100 100", lambda: np.random.randint(-100, 100, size=1200, dtype=np.int32))
        add("randint int32 full", lambda: np.random.randint(-2**31, 2**31 - 1, size=300, dtype=np.int32))
        add("uniform -2 3", lambda: np.random.uniform(-2.0, 3.0, size=1000))
        add("normal 1.5 2", lambda: np.random.normal(1.5, 2.0, size=1001))
        add("permutation 1000", lambda: np.random.permutation(1000))
        add("permutation 7", lambda: np.random.permutation(7))
        add("choice 10 20", lambda: np.random.choice(10, 20))
        add("choice 50 10 noreplace", lambda: np.random.choice(50, 10, replace=False))

        # Interleaved calls share one state (the cached gaussian included).
        def seq():
            out = []
            out += list(np.random.rand(3))
            out += list(np.random.randn(3))
            out += [float(v) for v in np.random.randint(0, 5, size=4)]
            out += list(np.random.randn(1))
            out += [np.random.random_sample()]
            out += [np.random.standard_normal()]
            out += list(np.random.rand(2))
            return np.array(out, dtype=np.float64)
        add("sequence", seq)
    # Array seeds go through init_by_array.
    for key in ([1, 2, 3], [0], [2**32 - 1, 7, 123456789, 42]):
        np.random.seed(np.array(key, dtype=np.uint32))
        cases.append({"seed_array": key, "what": "rand", **stream(np.random.rand(700))})
    # Python's random module (TF's eager op seeds and Keras default seeds come from it).
    py = []
    for seed in (0, 1, 42, 2**32 - 1, 2**40 + 5, -7, 12345678901234567):
        r = random.Random(seed)
        py.append({"seed": seed,
                   "getrandbits32": [r.getrandbits(32) for _ in range(8)],
                   "randint_0_2147483647": [r.randint(0, 2**31 - 1) for _ in range(8)],
                   "randint_1_1e9": [r.randint(1, int(1e9)) for _ in range(8)],
                   "random": [float(r.random()).hex() for _ in range(4)]})
    return {"numpy": np.__version__, "cases": cases, "python_random": py}


# ---------------------------------------------------------------------------------------------
def record_tf_random():
    import tensorflow as tf
    from tensorflow.python.framework import random_seed
    raw = tf.raw_ops
    out = {"tensorflow": tf.__version__}

    shapes = ([1], [3], [5], [7, 9], [4097], [100003])
    seeds = ((1, 2), (42, 0), (0, 5), (87654321, 123), (2**31 - 2, 2**31 - 2))
    fdtypes = (tf.float32, tf.float64, tf.float16, tf.bfloat16)
    stateful = []

    def fresh():
        # Same attrs reuse a cached eager kernel whose Philox state advances; set_seed clears it.
        tf.random.set_seed(0)

    for s1, s2 in seeds:
        for shape in shapes:
            for dt in fdtypes:
                for op in ("RandomUniform", "RandomStandardNormal", "TruncatedNormal"):
                    if dt in (tf.float16, tf.bfloat16) and shape[0] == 100003:
                        continue
                    fresh()
                    v = getattr(raw, op)(shape=shape, dtype=dt, seed=s1, seed2=s2)
                    stateful.append({"op": op, "seed": s1, "seed2": s2, "shape": shape,
                                     **stream(v.numpy())})
            for dt, lo, hi in ((tf.int32, 0, 10), (tf.int32, -1000, 2**31 - 1),
                               (tf.int64, -5, 7), (tf.int64, -2**62, 2**62)):
                fresh()
                v = raw.RandomUniformInt(shape=shape, minval=tf.constant(lo, dt),
                                         maxval=tf.constant(hi, dt), seed=s1, seed2=s2)
                stateful.append({"op": "RandomUniformInt", "seed": s1, "seed2": s2, "shape": shape,
                                 "minval": lo, "maxval": hi, **stream(v.numpy())})
    # A cached kernel called again continues after the samples it reserved.
    fresh()
    a = raw.RandomUniform(shape=[5], dtype=tf.float32, seed=3, seed2=4)
    b = raw.RandomUniform(shape=[5], dtype=tf.float32, seed=3, seed2=4)
    c = raw.RandomUniform(shape=[2], dtype=tf.float32, seed=3, seed2=4)
    stateful.append({"op": "RandomUniform x3 cached", "seed": 3, "seed2": 4, "shape": [5, 5, 2],
                     **stream(np.concatenate([a.numpy(), b.numpy(), c.numpy()]))})
    out["stateful"] = stateful

    stateless = []
    sseeds = ([1, 2], [-1, 7], [0, 0], [123456789, 987654321], [2**31 - 1, -2**31])
    for seed in sseeds:
        key, counter = raw.StatelessRandomGetKeyCounter(seed=tf.constant(seed, tf.int32))
        k64, c64 = raw.StatelessRandomGetKeyCounter(seed=tf.constant(seed, tf.int64))
        stateless.append({"op": "GetKeyCounter", "seed": seed,
                          "key": [int(x) for x in key.numpy()],
                          "counter": [int(x) for x in counter.numpy()],
                          "key64": [int(x) for x in k64.numpy()],
                          "counter64": [int(x) for x in c64.numpy()]})
        for shape in shapes:
            for dt in fdtypes:
                if dt in (tf.float16, tf.bfloat16) and shape[0] == 100003:
                    continue
                for name, fn in (("stateless_uniform", tf.random.stateless_uniform),
                                 ("stateless_normal", tf.random.stateless_normal),
                                 ("stateless_truncated_normal", tf.random.stateless_truncated_normal)):
                    v = fn(shape, seed=seed, dtype=dt)
                    stateless.append({"op": name, "seed": seed, "shape": shape, **stream(v.numpy())})
            v = tf.random.stateless_uniform(shape, seed=seed, minval=-2.5, maxval=4.0)
            stateless.append({"op": "stateless_uniform -2.5 4", "seed": seed, "shape": shape,
                              **stream(v.numpy())})
            v = tf.random.stateless_normal(shape, seed=seed, mean=0.5, stddev=3.0)
            stateless.append({"op": "stateless_normal 0.5 3", "seed": seed, "shape": shape,
                              **stream(v.numpy())})
            for dt, lo, hi in ((tf.int32, 0, 10), (tf.int32, -7, 2**31 - 1), (tf.int64, -5, 2**40)):
                v = tf.random.stateless_uniform(shape, seed=seed, minval=lo, maxval=hi, dtype=dt)
                stateless.append({"op": "stateless_uniform_int", "seed": seed, "shape": shape,
                                  "minval": lo, "maxval": hi, **stream(v.numpy())})
            for dt in (tf.int32, tf.int64, tf.uint32, tf.uint64):
                v = tf.random.stateless_uniform(shape, seed=seed, minval=None, maxval=None, dtype=dt)
                stateless.append({"op": "stateless_uniform_full_int", "seed": seed, "shape": shape,
                                  **stream(v.numpy())})
    out["stateless"] = stateless

    # Seed rules: get_seed(None) in eager after tf.random.set_seed(g).
    rules = []
    for g in (0, 1, 42, 2**31 - 1, 2**31, 12345678901, -3):
        tf.random.set_seed(g)
        seq = [list(random_seed.get_seed(None)) for _ in range(5)]
        tf.random.set_seed(g)
        rules.append({"global": g, "op_seed": None, "seeds": seq,
                      "with_op_seed_7": list(random_seed.get_seed(7))})
    tf.random.set_seed(None)
    rules.append({"global": None, "op_seed": 7, "seeds": [list(random_seed.get_seed(7))],
                  "op_seed_0": list(random_seed.get_seed(0))})
    tf.random.set_seed(0)
    rules.append({"global": 0, "op_seed": 0, "seeds": [list(random_seed.get_seed(0))]})
    out["seed_rules"] = rules

    eager = []
    tf.random.set_seed(42)
    eager.append({"what": "set_seed(42); uniform([3]) x2; normal([2]); uniform([3], seed=7) x2",
                  "values": [stream(tf.random.uniform([3]).numpy()),
                             stream(tf.random.uniform([3]).numpy()),
                             stream(tf.random.normal([2]).numpy()),
                             stream(tf.random.uniform([3], seed=7).numpy()),
                             stream(tf.random.uniform([3], seed=7).numpy())]})
    tf.random.set_seed(1)
    eager.append({"what": "set_seed(1); uniform([2,2], -1, 1); truncated_normal([4], 0, 0.5); "
                          "uniform([3], 0, 10, int32)",
                  "values": [stream(tf.random.uniform([2, 2], -1.0, 1.0).numpy()),
                             stream(tf.random.truncated_normal([4], 0.0, 0.5).numpy()),
                             stream(tf.random.uniform([3], 0, 10, dtype=tf.int32).numpy())]})
    out["eager"] = eager

    import keras
    keras_cases = []
    v = keras.initializers.GlorotUniform(seed=1)(shape=(3, 2))
    keras_cases.append({"what": "GlorotUniform(seed=1)(3,2)", **stream(np.asarray(v))})
    v = keras.initializers.GlorotNormal(seed=5)(shape=(4, 3))
    keras_cases.append({"what": "GlorotNormal(seed=5)(4,3)", **stream(np.asarray(v))})
    v = keras.initializers.HeNormal(seed=2)(shape=(5, 5))
    keras_cases.append({"what": "HeNormal(seed=2)(5,5)", **stream(np.asarray(v))})
    v = keras.initializers.RandomUniform(-0.05, 0.05, seed=9)(shape=(6,))
    keras_cases.append({"what": "RandomUniform(-0.05,0.05,seed=9)(6)", **stream(np.asarray(v))})
    for seed in (1, 42):
        keras.utils.set_random_seed(seed)
        layer = keras.layers.Dense(4)
        layer.build((None, 3))
        keras_cases.append({"what": "set_random_seed(%d); Dense(4).build((None,3)) kernel" % seed,
                            "python_seed": seed, **stream(layer.kernel.numpy())})
        keras.utils.set_random_seed(seed)
        layer = keras.layers.Dense(2)
        layer.build((None, 5))
        layer2 = keras.layers.Dense(3)
        layer2.build((None, 2))
        keras_cases.append({"what": "set_random_seed(%d); Dense(2)(5), Dense(3)(2) kernels" % seed,
                            "python_seed": seed,
                            **stream(np.concatenate([layer.kernel.numpy().ravel(),
                                                     layer2.kernel.numpy().ravel()]))})
    out["keras"] = keras_cases
    out["keras_version"] = keras.__version__
    return out


def write(name, data):
    path = os.path.join(OUT, name)
    with open(path, "w") as f:
        json.dump(data, f, indent=0, sort_keys=False)
        f.write("\n")
    print("wrote", path, os.path.getsize(path), "bytes")


def main():
    what = sys.argv[1:] or ["random", "print"]
    if "random" in what:
        write("numeric_np_random.json", record_np_random())
        write("numeric_tf_random.json", record_tf_random())
    if "print" in what:
        import record_numeric_print
        write("numeric_print.json", record_numeric_print.record())


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    main()
