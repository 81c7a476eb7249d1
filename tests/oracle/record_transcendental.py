"""Records what TF's CPU kernels compute for the transcendental ops, bit for bit.

Writes tests/exec/data/transcendental_<dtype>.txt, read by tests/exec/transcendental_test.cpp.
Each value is its IEEE bit pattern in hex. Lines:
  inputs <hex>...            one input set per file, shared by the unary ops
  <Op> full <hex>...         the op on the whole input set, one tensor (TF's packet path)
  <Op> single <hex>...       the op on inputs[::16], one length-1 tensor each (TF's scalar path)
  <Op> n13 <hex>...          the op on inputs[:13] as one tensor (8 packet lanes, then 5 scalar)
  pow_x / pow_y <hex>...     Pow's operands (elementwise)
  softmax <rows> <cols> <in hex>... = <out hex>...   (and logsoftmax), TF as installed: on a CPU
      with AVX512_VNNI float Softmax runs on oneDNN's AVX-512 kernel
  softmax_eigen ... (and logsoftmax_eigen): float32 with TF_ENABLE_ONEDNN_OPTS=0 (Eigen's kernels)
Run: tests/oracle/venv/bin/python tests/oracle/record_transcendental.py
"""
import os
import subprocess
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
import numpy as np
import tensorflow as tf

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "exec", "data")

def _selu(x):
    return tf.raw_ops.Selu(features=x)


UNARY = {
    "Exp": tf.raw_ops.Exp, "Expm1": tf.raw_ops.Expm1, "Log": tf.raw_ops.Log, "Log1p": tf.raw_ops.Log1p,
    "Tanh": tf.raw_ops.Tanh, "Sigmoid": tf.raw_ops.Sigmoid, "Erf": tf.raw_ops.Erf, "Erfc": tf.raw_ops.Erfc, "Sqrt": tf.raw_ops.Sqrt,
    "Rsqrt": tf.raw_ops.Rsqrt, "Sin": tf.raw_ops.Sin, "Cos": tf.raw_ops.Cos, "Softplus": lambda x: tf.raw_ops.Softplus(features=x),
    "Elu": lambda x: tf.raw_ops.Elu(features=x), "Selu": _selu,
}


def neighbours(dt, ut, values, k):
    out = []
    for v in values:
        b = np.array([v], dt).view(ut)[0].astype(np.int64)
        out.extend(np.arange(b - k, b + k + 1).astype(ut).view(dt))
    return out


def inputs(dt, n, rng):
    fi = np.finfo(dt)
    ut = np.uint32 if dt == np.float32 else np.uint64
    special = [0.0, -0.0, np.inf, -np.inf, np.nan, -np.nan, fi.tiny, -fi.tiny, fi.max, -fi.max,
               fi.smallest_subnormal, -fi.smallest_subnormal, fi.tiny - fi.smallest_subnormal, 1.0, -1.0, 0.5, 2.0]
    if dt == np.float32:
        edges = [88.3762626647949, 88.72283935546875, 87.33654, 103.97, 104.0, 16.6355324, 7.90531110763549805,
                 9.0, 0.0004, 0.0001, 1.0, 0.5, 3.832506856900711, 4.0, 1e-20, 1e-38, 15.9, 10.0, 2.0, 0.6931472]
    else:
        edges = [709.437, 709.782712893384, 708.39641853226408, 745.1332191019411, 746.0, 36.0436533891171,
                 19.0, 22.0, 1e-8, 1.0, 0.5, 2.0, 5.9215871, 1e-300, 10.0, 0.6931471805599453]
    vals = list(np.array(special, dt))
    vals += neighbours(dt, ut, edges + [-e for e in edges], 3)
    vals += list(np.linspace(-20, 20, n // 4).astype(dt))
    tiny = np.log10(float(fi.smallest_subnormal))
    vals += list(np.logspace(tiny, 0, n // 16).astype(dt)) + list(-np.logspace(tiny, 0, n // 16).astype(dt))
    top = np.log10(float(fi.max))
    vals += list(np.logspace(0, top, n // 16).astype(dt)) + list(-np.logspace(0, top, n // 16).astype(dt))
    vals += list((rng.standard_normal(n // 8) * 3).astype(dt))
    bits = rng.integers(0, np.iinfo(ut).max, n - len(vals), dtype=ut, endpoint=True)
    vals += list(bits.view(dt))
    assert len(vals) == n, (len(vals), n)
    return np.array(vals, dt)


def hexs(a):
    ut = np.uint32 if a.dtype == np.float32 else np.uint64
    w = 8 if a.dtype == np.float32 else 16
    return " ".join(format(int(b), "0%dx" % w) for b in a.view(ut).ravel())


def fnv1a(a):
    h = 0xcbf29ce484222325
    for b in a.tobytes():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def big_logits(dt, rows, cols):
    # Both sides build these: k * 0.004 in the dtype, k = (i * 7919) % 2001 - 1000 by flat index i.
    k = (np.arange(rows * cols, dtype=np.int64) * 7919) % 2001 - 1000
    return (k.astype(dt) * dt(0.004)).reshape(rows, cols)


def softmax_lines(dt, onednn):
    # Own generator: the oneDNN-off child process must draw the same logits.
    rng = np.random.default_rng(1919)
    lines = []
    tag = "" if onednn else "_eigen"
    for rows, cols in [(1, 1), (1, 3), (2, 5), (1, 7), (1, 8), (3, 9), (1, 10), (4, 10), (1, 16), (2, 17), (1, 31),
                       (1, 32), (1, 33), (2, 64), (1, 100), (3, 129), (1, 1000), (1, 1027), (8, 4), (5, 3), (9, 6)]:
        logits = (rng.standard_normal((rows, cols)) * 4).astype(dt)
        if cols > 4:
            logits[0, 1] = -np.inf
        for op, fn in [("softmax", tf.nn.softmax), ("logsoftmax", tf.nn.log_softmax)]:
            out = fn(tf.constant(logits)).numpy()
            graph = tf.function(fn)(tf.constant(logits)).numpy()
            if graph.tobytes() != out.tobytes():
                print("note: %s %dx%d %s differs in tf.function" % (op, rows, cols, dt.__name__), file=sys.stderr)
            lines.append("%s%s %d %d %s = %s" % (op, tag, rows, cols, hexs(logits), hexs(out)))
    # Rows past Eigen's 1024-packet leaf (tree-summed): generated inputs, the output's FNV-1a hash.
    for rows, cols in [(2, 8200), (1, 20000)] if dt == np.float32 else [(2, 4100), (1, 9000)]:
        logits = big_logits(dt, rows, cols)
        for op, fn in [("softmax", tf.nn.softmax), ("logsoftmax", tf.nn.log_softmax)]:
            out = fn(tf.constant(logits)).numpy()
            lines.append("big%s%s %d %d %016x" % (op, tag, rows, cols, fnv1a(out)))
    return lines


def cpu_estimates():
    # Rsqrt and Erfc (float) and Eigen's float Softmax start from the CPU's rsqrtps / rcpps
    # estimates: the recording holds for CPUs whose estimates hash the same (cpu_estimates.c).
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        exe = os.path.join(tmp, "cpu_estimates")
        subprocess.run(["cc", "-O1", "-o", exe, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                              "cpu_estimates.c")], check=True)
        return subprocess.run([exe], check=True, capture_output=True, text=True).stdout.strip()


def record(dt, n, rng):
    name = {np.float32: "f32", np.float64: "f64"}[dt]
    x = inputs(dt, n, rng)
    lines = ["# TF %s CPU, recorded by tests/oracle/record_transcendental.py" % tf.__version__,
             "cpu_estimates fnv1a " + cpu_estimates(),
             "inputs " + hexs(x)]
    tx = tf.constant(x)
    for op, fn in UNARY.items():
        full = fn(x=tx).numpy()
        single = np.array([fn(x=tf.constant(x[i:i + 1])).numpy()[0] for i in range(0, n, 16)], dt)
        n13 = fn(x=tf.constant(x[:13])).numpy()
        graph = tf.function(lambda t, fn=fn: fn(x=t))(tx).numpy()
        if graph.tobytes() != full.tobytes():
            print("note: %s %s differs in tf.function" % (op, name), file=sys.stderr)
        lines += ["%s full %s" % (op, hexs(full)), "%s single %s" % (op, hexs(single)), "%s n13 %s" % (op, hexs(n13))]
    # Pow: every base against every exponent of two small sets.
    bases = np.concatenate([x[:17], np.array([0.5, 2, 3, -2, -3, 10, 1e-3, 1e3, 0.9, 1.1, -0.5, 7.7], dt),
                            x[n - 11:]]).astype(dt)
    exps = np.concatenate([x[:17], np.array([0.5, 2, 3, -1, -2, 1.5, -0.5, 0.1, 10, 100, -100, 31, 1 / 3, 2.5, 1e-3],
                                            dt), (rng.standard_normal(8) * 4).astype(dt)]).astype(dt)
    px = np.repeat(bases, len(exps))
    py = np.tile(exps, len(bases))
    pz = tf.raw_ops.Pow(x=tf.constant(px), y=tf.constant(py)).numpy()
    lines += ["pow_x " + hexs(px), "pow_y " + hexs(py), "Pow full " + hexs(pz)]
    single = np.array([tf.raw_ops.Pow(x=tf.constant(px[i:i + 1]), y=tf.constant(py[i:i + 1])).numpy()[0]
                       for i in range(0, len(px), 16)], dt)
    lines += ["Pow single " + hexs(single)]
    lines += softmax_lines(dt, onednn=True)
    if dt == np.float32:  # oneDNN has no float64 softmax
            lines += subprocess.run([sys.executable, __file__, "--softmax-eigen", name], check=True, capture_output=True,
                                text=True, env=dict(os.environ, TF_ENABLE_ONEDNN_OPTS="0")).stdout.splitlines()
    with open(os.path.join(OUT, "transcendental_%s.txt" % name), "w") as f:
        f.write("\n".join(lines) + "\n")


if len(sys.argv) == 3 and sys.argv[1] == "--softmax-eigen":
    print("\n".join(softmax_lines({"f32": np.float32, "f64": np.float64}[sys.argv[2]], onednn=False)))
    sys.exit(0)
rng = np.random.default_rng(19)
record(np.float32, 2048, rng)
record(np.float64, 1024, rng)
