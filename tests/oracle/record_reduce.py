"""Records TF 2.21's float Sum/Mean results bit for bit (tests/tensor/test_reduce_tf.cpp).

Inputs come from a 32-bit LCG both sides reproduce: values of mixed magnitude (2^-16..2^15), so
a different summation order shows in the last bits. Run with TF_ENABLE_ONEDNN_OPTS=0:
  TF_ENABLE_ONEDNN_OPTS=0 tests/oracle/venv/bin/python tests/oracle/record_reduce.py
"""
import json
import os

import numpy as np
import tensorflow as tf

OUT = os.path.join(os.path.dirname(__file__), "..", "data", "expected", "reduce_sum_mean.json")


def values(seed, n, dtype):
    state = seed & 0xFFFFFFFF
    out = np.empty(n, np.float64)
    for i in range(n):
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        u = (state >> 8) / 16777216.0 * 2.0 - 1.0
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        e = (state >> 27) - 16
        out[i] = u * 2.0**e
    return out.astype(dtype)


def cases():
    full = list(range(1, 301)) + list(range(301, 3001, 37)) + [
        1023, 1024, 1025, 4095, 4096, 4097, 8191, 8192, 8193, 8200, 9001, 16385, 20011,
        54193, 54195, 100000, 108387, 108389, 150001, 200001, 300001, 1000000, 1000001]
    for n in full:
        yield [n], None
    for n in (1, 7, 8, 9, 16, 17, 31, 33, 64, 100, 1001, 8193, 9001):
        yield [3, n], [1]
    yield [2, 9, 3], [1]
    yield [2, 9, 3], [-2]
    for r in list(range(1, 41)) + [100, 257]:
        for b in (2, 3, 8, 9, 17, 33):
            yield [r, b], [0]
    for a in (2, 3):
        for r in (1, 2, 5, 15, 16, 17, 19, 40):
            for b in (2, 5, 8, 9, 13, 16, 17):
                yield [a, r, b], [1]
    for r1 in (2, 5, 9):
        for r2 in (3, 7, 20):
            yield [r1, 3, r2], [0, 2]
    yield [2, 3, 4, 5], [1, 3]
    yield [3, 9, 2, 7], [1, 3]
    yield [2, 17, 3, 5], [0, 2]
    yield [4, 3, 5, 6], [0, 2, 3]
    yield [5, 6, 7], None
    yield [1, 40, 1], [1]
    yield [6, 1, 11], [0]


def main():
    recs = []
    seed = 1
    for dtype in ("float32", "float64"):
        for shape, axes in cases():
            if dtype == "float64" and int(np.prod(shape)) > 20000 and shape[0] not in (54193, 54195, 1000001):
                continue
            seed += 1
            n = int(np.prod(shape))
            x = tf.constant(values(seed, n, dtype).reshape(shape))
            for op in ("Sum", "Mean"):
                for keep in (False, True) if axes and len(shape) == 3 else (False,):
                    f = tf.reduce_sum if op == "Sum" else tf.reduce_mean
                    y = f(x, axis=axes, keepdims=keep).numpy()
                    bits = y.reshape(-1).view(np.uint32 if dtype == "float32" else np.uint64)
                    recs.append({"op": op, "dtype": dtype, "shape": shape, "axes": axes, "keep_dims": keep,
                                 "seed": seed, "out_shape": list(y.shape),
                                 "bits": " ".join("%x" % b for b in bits)})
    with open(OUT, "w") as fh:
        json.dump({"tf_version": tf.__version__, "onednn": os.environ.get("TF_ENABLE_ONEDNN_OPTS"),
                   "cases": recs}, fh, separators=(",", ":"))
        fh.write("\n")
    print(len(recs), "cases")


if __name__ == "__main__":
    main()
