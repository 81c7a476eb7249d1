"""numpy 2.4 / TF 2.21 printing cases for tests/numeric (used by record_numeric.py `print`).

Each case holds the array (dtype, shape, values: bit patterns for floats, integers, hex bytes or
text for strings) and what numpy and TF print for it: str, repr, the numpy scalar str/repr for
0-d arrays, tf.Tensor str/repr, tf.Variable repr and tf.print output.
"""

import os
import tempfile

import ml_dtypes
import numpy as np

BF16 = ml_dtypes.bfloat16


def _values(a):
    flat = a.reshape(-1)
    if a.dtype.kind == "f" or a.dtype == BF16:
        width = {2: np.uint16, 4: np.uint32, 8: np.uint64}[a.dtype.itemsize]
        return [int(x) for x in flat.view(width)]
    if a.dtype.kind in "iu":
        return [int(x) for x in flat]
    if a.dtype.kind == "b":
        return [bool(x) for x in flat]
    if a.dtype.kind == "S":
        return [bytes(x).hex() for x in flat]
    if a.dtype.kind == "U":
        return [str(x) for x in flat]
    raise TypeError(a.dtype)


def _dtype_name(a):
    return "bfloat16" if a.dtype == BF16 else a.dtype.name if a.dtype.kind not in "SU" else a.dtype.str


def arrays():
    rng = np.random.default_rng(20260101)
    out = []

    def add(a, label=""):
        out.append((label, np.asarray(a)))

    shapes = [(), (1,), (5,), (3, 4), (2, 3, 4), (2, 2, 2, 3), (30,), (7, 11), (1, 1, 5), (4, 1)]
    for dt in (np.float64, np.float32, np.float16):
        for scale in (1e-6, 1e-3, 0.1, 1.0, 37.0, 1e3, 1e5, 1e7, 1e9, 1e20):
            for shape in shapes:
                if dt == np.float16 and scale > 1e4:
                    continue
                add((rng.standard_normal(shape) * scale).astype(dt), f"normal*{scale}")
        for shape in [(6,), (2, 3), (17,)]:
            add(rng.integers(-50, 50, shape).astype(dt), "integral")
            add((rng.integers(-8, 8, shape) / 4).astype(dt), "quarters")
            add(rng.uniform(0, 1, shape).astype(dt), "uniform")
            add(np.abs(rng.standard_normal(shape) * 10).astype(dt), "positive")
        specials = [np.nan, np.inf, -np.inf, -0.0, 0.0, 1.0, -1.5, 1e-4, 1e-5, 0.0001, 999.9, 1000.0,
                    1e6, 1e8, 1e16, 0.1, 1 / 3, 2.0 / 3]
        for vals in ([np.nan], [np.inf], [-np.inf], [np.nan, np.inf], [np.nan, -np.inf],
                     [np.nan, 1.5], [-np.inf, 2.25, 1e3], [np.nan, 1e-7], [-0.0], [-0.0, 1.0],
                     [0.0, 0.0], [1e-4, 1.0], [9.9e-5, 1.0], [1.0, 1000.0], [1.0, 1000.5],
                     [1.0, 1001.0], [999999.0, 1.0], [1e6, 1.0], [1e7, 1.0], [99999999.0, 1.0],
                     [1e8, 1.0], [0.001953125, 1.0], [0.005859375, 1.0], [123456789.123, 1.0],
                     [0.1, 0.2, 0.30000000000000004], [1 / 3, 2 / 3], [1e-300, 1e300], [5e-324, 1.0],
                     [65504.0, 1.0], [6e-8, 1.0], [1.5, -2.25, 3.125, -4.0625], specials,
                     [3.14159265358979, 2.718281828459045, 1.4142135623730951]):
            with np.errstate(over="ignore"):
                add(np.array(vals, dtype=dt), "special")
        for v in (0.0, -0.0, 1.0, 1.5, 0.1, 1e-4, 9.99e-5, 1e6, 1e15, 1e16, 1e17, 123456.7, 1234567.8,
                  np.nan, np.inf, -np.inf, 2.5e-10, 65504.0, 1 / 3):
            with np.errstate(over="ignore"):
                add(np.array(v, dtype=dt), "scalar")
        # Summarization (size > 1000) and line wrapping of long rows.
        add(rng.standard_normal(1001).astype(dt), "summary")
        add(rng.standard_normal((2, 501)).astype(dt), "summary")
        add(rng.standard_normal((11, 11, 11)).astype(dt), "summary")
        add(np.arange(2000).astype(dt).reshape(2, 1000), "summary")
        add(rng.standard_normal((3, 2, 200)).astype(dt), "summary")
        add(rng.standard_normal((40, 30)).astype(dt), "summary")
        add(rng.standard_normal((1, 1200)).astype(dt), "summary")
    for dt in (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64):
        info = np.iinfo(dt)
        for shape in [(), (5,), (3, 4), (2, 3, 4), (40,), (2, 2, 2, 2)]:
            add(rng.integers(info.min, info.max, shape, dtype=dt, endpoint=True), "int full")
            add(rng.integers(max(info.min, -20), 20, shape, dtype=dt), "int small")
        add(np.array([info.min, info.max], dtype=dt), "int extremes")
        add(np.arange(1001, dtype=dt) if info.max > 1001 else np.zeros(1001, dtype=dt), "int summary")
        add(np.zeros((0,), dtype=dt), "empty")
    add(np.arange(3000, dtype=np.int64).reshape(3, 1000), "int summary")
    add(np.arange(24).reshape(2, 3, 4), "int default")
    add(np.arange(120).reshape(2, 3, 4, 5), "int default")
    add(np.array([-5, 100, 3]), "int default")
    add(np.arange(100), "int wrap")
    add(np.arange(100).reshape(4, 25) * 1000, "int wrap")
    for shape in [(), (1,), (4,), (2, 3), (3, 2, 2), (1001,), (30,)]:
        add(rng.integers(0, 2, shape).astype(bool), "bool")
    add(np.array(True), "bool")
    add(np.array([True, True]), "bool")
    add(np.array([b"a", b"bcd", b""]), "bytes")
    add(np.array([b"it's", b'say "hi"', b"both ' \"", b"x\x00y\n\t\\\x7f\xff"]), "bytes")
    add(np.array([[b"ab", b"c"], [b"de", b"fgh"]]), "bytes")
    add(np.array(b"scalar"), "bytes")
    add(np.array([b"word%d" % i for i in range(40)]), "bytes")
    add(np.array(["a", "bcd", ""]), "unicode")
    add(np.array(["it's", 'say "hi"', "tab\there", "caf\u00e9", "back\\slash"]), "unicode")
    add(np.array([["ab", "c"], ["de", "fgh"]]), "unicode")
    add(np.array("scalar"), "unicode")
    bf = [1.5, 0.1, 3.14159, -2.0, 1e10, 1e-10, 0.0, -0.0, np.nan, np.inf, -np.inf, 123456.0, 1 / 3]
    add(np.array(bf, dtype=BF16), "bfloat16")
    add(np.array([[1, 2], [3, 4]], dtype=BF16), "bfloat16")
    add(np.array(2.5, dtype=BF16), "bfloat16")
    add((rng.standard_normal(1200) * 100).astype(BF16), "bfloat16 summary")
    add((rng.standard_normal((2, 3, 7)) * 3).astype(BF16), "bfloat16")
    for dt in (np.float32, np.float64, np.int64, np.int32, bool):
        for shape in [(0,), (0, 3), (2, 0), (3, 0, 2)]:
            add(np.zeros(shape, dtype=dt), "empty")
    add(np.zeros((0,), dtype="S3"), "empty")
    return out


def _read(path):
    """The file's text, or {"hex": ...} where TF wrote bytes that are not UTF-8."""
    with open(path, "rb") as f:
        raw = f.read()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return {"hex": raw.hex()}


def _tf_text(tf, a):
    """str/repr of the tf.Tensor (None where TF has no such dtype)."""
    if a.dtype.kind == "U":
        return None
    t = tf.constant(a)
    return t


def _fnv_text(text):
    h = 0xCBF29CE484222325
    for b in text.encode("utf-8"):
        h ^= b
        h = (h * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return "%016x" % h


def bulk():
    """Many generated values, checked by one hash each. The C++ test regenerates the inputs with
    its (separately verified) numpy RandomState, so only the texts' hashes are stored."""
    out = []
    # Every float16 bit pattern as a numpy scalar (str and repr).
    halves = np.arange(65536, dtype=np.uint32).astype(np.uint16).view(np.float16)
    out.append({"what": "float16 all scalar str", "fnv": _fnv_text("\n".join(str(x) for x in halves))})
    out.append({"what": "float16 all scalar repr", "fnv": _fnv_text("\n".join(repr(x) for x in halves))})
    # Random bit patterns: np.random.seed(5); randint(0, 2**32, 40000) viewed as float32.
    np.random.seed(5)
    f32 = np.random.randint(0, 2**32, size=40000).astype(np.uint32).view(np.float32)
    out.append({"what": "float32 random bits scalar str", "fnv": _fnv_text("\n".join(str(x) for x in f32))})
    np.random.seed(6)
    f64 = np.random.randint(-2**63, 2**63 - 1, size=40000).view(np.float64)
    out.append({"what": "float64 random bits scalar str", "fnv": _fnv_text("\n".join(str(x) for x in f64))})
    # Small arrays of random magnitudes: seed(11); per array k = randint(-8, 10), n = randint(1, 9),
    # values randn(n) * 10.0**k cast to the dtype; str and repr of each.
    for name, dt in (("float16", np.float16), ("float32", np.float32), ("float64", np.float64)):
        np.random.seed(11)
        strs, reprs = [], []
        for _ in range(3000):
            k = np.random.randint(-8, 10)
            n = np.random.randint(1, 9)
            with np.errstate(over="ignore"):
                a = (np.random.randn(n) * 10.0 ** int(k)).astype(dt)
            strs.append(str(a))
            reprs.append(repr(a))
        out.append({"what": name + " arrays str", "fnv": _fnv_text("\n".join(strs))})
        out.append({"what": name + " arrays repr", "fnv": _fnv_text("\n".join(reprs))})
    # Arrays of random bit patterns (nan/inf/subnormals included): seed(12), 2000 arrays of 5.
    for name, dt, bits in (("float16", np.float16, 16), ("float32", np.float32, 32)):
        np.random.seed(12)
        strs = []
        for _ in range(2000):
            u = np.random.randint(0, 2**bits, size=5)
            a = u.astype(np.uint16 if bits == 16 else np.uint32).view(dt)
            strs.append(repr(a))
        out.append({"what": name + " random bits arrays repr", "fnv": _fnv_text("\n".join(strs))})
    return out


def record():
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf

    cases = []
    tmp = tempfile.mkdtemp()
    for i, (label, a) in enumerate(arrays()):
        c = {"label": label, "dtype": _dtype_name(a), "shape": list(a.shape), "values": _values(a),
             "str": str(a), "repr": repr(a)}
        if a.shape == ():
            c["scalar_str"] = str(a[()])
            c["scalar_repr"] = repr(a[()])
        t = _tf_text(tf, a)
        if t is not None:
            c["tf_str"] = str(t)
            c["tf_repr"] = repr(t)
            path = os.path.join(tmp, "p%d.txt" % i)
            tf.print(t, output_stream="file://" + path)
            c["tf_print"] = _read(path)
            if a.dtype.kind not in "SU" and a.size < 50 and a.dtype != np.uint16:
                c["tf_variable_repr"] = repr(tf.Variable(t))
        cases.append(c)
    # Non-default print options.
    options = []
    rng = np.random.default_rng(99)
    arrs = [rng.standard_normal(30), rng.standard_normal((6, 7)).astype(np.float32) * 1e-5,
            np.arange(50), rng.standard_normal(12) * np.array([1e-9, 1] * 6), np.array([1e-7, 1.0, 1000.5])]
    for opts in ({"precision": 3}, {"precision": 3, "suppress": True}, {"linewidth": 40},
                 {"threshold": 10, "edgeitems": 2}, {"threshold": 10, "edgeitems": 1, "linewidth": 30},
                 {"suppress": True}):
        for a in arrs:
            with np.printoptions(**opts):
                options.append({"options": opts, "dtype": _dtype_name(a), "shape": list(a.shape),
                                "values": _values(a), "str": str(a), "repr": repr(a)})
    # tf.print with other summarize values and several arguments.
    prints = []
    for summarize in (-1, 1, 2, 3, 5):
        for a in (np.arange(10), np.arange(24).reshape(2, 3, 4), np.arange(100).reshape(10, 10),
                  np.linspace(0, 1, 7, dtype=np.float32), np.arange(7)):
            path = os.path.join(tmp, "s%d.txt" % len(prints))
            tf.print(tf.constant(a), summarize=summarize, output_stream="file://" + path)
            prints.append({"summarize": summarize, "dtype": a.dtype.name, "shape": list(a.shape),
                           "values": _values(a), "text": _read(path)})
    scalar_strings = []
    for s in (b"hi", b"with \"quote\" and \n newline", b"\x01\xff", b""):
        path = os.path.join(tmp, "b%d.txt" % len(scalar_strings))
        tf.print(tf.constant(s), tf.constant([s, b"x"]), output_stream="file://" + path)
        scalar_strings.append({"value": s.hex(), "text": _read(path)})
    floats = []
    rng = np.random.default_rng(7)
    vals = [0.1, 1 / 3, 1e16, 1e15, 123456789012345678.0, 1e-4, 9.9e-5, 1e-5, 5e-324, 1.7976931348623157e308,
            -0.0, 0.0, 2.5, 100.0, float("inf"), float("-inf"), float("nan")]
    vals += list(rng.standard_normal(200) * 10.0 ** rng.integers(-30, 30, 200))
    vals += [float(np.float32(v)) for v in rng.standard_normal(100) * 10.0 ** rng.integers(-20, 20, 100)]
    for v in vals:
        floats.append({"bits": int(np.float64(v).view(np.uint64)), "repr": repr(float(v))})
    return {"numpy": np.__version__, "tensorflow": tf.__version__, "ml_dtypes": ml_dtypes.__version__,
            "cases": cases, "tf_print_summarize": prints, "tf_print_strings": scalar_strings,
            "python_float_repr": floats, "bulk": bulk(), "print_options": options}
