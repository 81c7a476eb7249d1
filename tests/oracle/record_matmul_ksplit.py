"""Records TF 2.21's float32 MatMul bit for bit where k is long enough to be split
(tests/tensor/test_matmul_ksplit.cpp; the rule is in core/ops/gemm.cpp, tf_split).

TF's split of k depends on the machine: Eigen's cost model uses the intra-op thread count (2
here) to choose between a sequential contraction, sharding by rows/columns and sharding by the
inner dimension, and its blocking uses the L1 size (48 KiB here). These records are the
reference machine's (2-core AMD EPYC with AVX-512, L1d 48 KiB, L2 1 MiB, L3 32 MiB); TF on another
machine may give other bits for the same inputs. The test names the strategy our model of TF
picks for a case that fails (sequential, sharded by rows/columns, by the inner dimension): all
three depend on the thread count.

Matrix-vector products (m or n 1) run oneDNN's gemv, whose order is not modelled; they are
recorded with "modelled": false for later work and not checked.

Inputs come from a 32-bit LCG both sides reproduce: A holds integers 0..255, B values of
magnitude below 2^-5 with 24 significant bits, so every product is exact and only the order of
the additions shows. Outputs are stored as the 64-bit FNV-1a hash of their float32 bits (little
endian, row-major) plus the first values' bits. Run with:
  TF_ENABLE_ONEDNN_OPTS=0 tests/oracle/venv/bin/python tests/oracle/record_matmul_ksplit.py
"""
import json
import os

os.environ["TF_ENABLE_ONEDNN_OPTS"] = "0"
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(__file__), "..", "data", "expected", "matmul_ksplit.json")


def lcg(seed, n):
    out = np.empty(n, np.uint32)
    state = seed & 0xFFFFFFFF
    for i in range(n):
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        out[i] = state
    return out


def inputs(seed, m, k, n):
    a = (lcg(seed, m * k) >> 24).astype(np.float32).reshape(m, k)
    u = lcg(seed ^ 0x5BD1E995, k * n)
    b = np.ldexp((u >> 8).astype(np.float64) - 8388608.0, -28).astype(np.float32).reshape(k, n)
    return a, b


def fnv1a(arr):
    h = 0xCBF29CE484222325
    for byte in np.ascontiguousarray(arr, dtype="<f4").tobytes():
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def cases():
    ms = [1, 2, 8, 16, 32, 64, 100, 128, 256]
    ns = [1, 8, 10, 32, 64, 128, 256]
    ks = [100, 384, 385, 500, 600, 700, 784, 800, 1000, 1200, 2048]
    for m in ms:
        for n in ns:
            for k in ks:
                yield m, k, n, False, False
    for m, n in [(32, 64), (64, 64), (256, 64), (8, 10), (100, 32), (16, 256)]:
        for k in (784, 1000, 2048):
            for ta, tb in ((True, False), (False, True), (True, True)):
                yield m, k, n, ta, tb
    # The guides' Dense(64) on MNIST batches and its gradients, and k around the block edges.
    for m, k, n in [(32, 784, 64), (64, 784, 64), (32, 64, 784), (64, 64, 784), (784, 32, 64), (784, 64, 64)]:
        yield m, k, n, False, False
    for k in list(range(600, 620)) + list(range(760, 800, 4)) + [1216, 1217, 1500, 3000, 4096]:
        yield 32, k, 64, False, False
        yield 32, k, 8, False, False


def main():
    recs = []
    seed = 7
    for m, k, n, ta, tb in cases():
        seed += 1
        a, b = inputs(seed, m, k, n)
        x = tf.constant(a.T.copy() if ta else a)
        y = tf.constant(b.T.copy() if tb else b)
        c = tf.matmul(x, y, transpose_a=ta, transpose_b=tb).numpy()
        recs.append({"m": m, "k": k, "n": n, "transpose_a": ta, "transpose_b": tb, "seed": seed,
                     "modelled": m > 1 and n > 1, "fnv1a": fnv1a(c),
                     "first": " ".join("%x" % v for v in c.reshape(-1)[:4].view(np.uint32))})
    with open(OUT, "w") as fh:
        json.dump({"tf_version": tf.__version__, "onednn": os.environ.get("TF_ENABLE_ONEDNN_OPTS"),
                   "machine": "2 cores (intra-op threads), AMD EPYC AVX-512, L1d 48 KiB, L2 1 MiB, L3 32 MiB",
                   "cases": recs}, fh, separators=(",", ":"))
        fh.write("\n")
    print(len(recs), "cases")


if __name__ == "__main__":
    main()
