"""Real Keras / h5py files for GraphLens's HDF5 and zip readers, and what real Keras makes of the
files GraphLens writes (issue #19). Run from tests/oracle with the venv's python:

    ./venv/bin/python record_keras_io.py real        # tests/data/keras_io/real/*: files real Keras 3.15 / h5py
                                                     #   write, types.json (h5py's view of types.h5) and
                                                     #   load_files.expected (load_files.py under real Keras)
    ./venv/bin/python record_keras_io.py graphlens   # tests/data/keras_io/graphlens_loaded_by_keras.json:
                                                     #   the committed GraphLens-written files loaded by real Keras

GraphLens's files come from tests/keras_io/run_checks.py --update (graphlens-cli runs
tests/data/keras_io/write_files.py); CI checks that GraphLens still writes the same bytes.
"""
import json
import os
import subprocess
import sys

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")
HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.normpath(os.path.join(HERE, "..", "data", "keras_io"))


def record_real():
    import h5py
    import keras
    import numpy as np
    out = os.path.join(DATA, "real")
    os.makedirs(out, exist_ok=True)
    keras.utils.set_random_seed(0)
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation="relu"), keras.layers.Dense(1)])
    m.compile(optimizer="adam", loss="mse")
    m.fit(np.ones((4, 3)), np.ones((4, 1)), verbose=0)
    m.save(os.path.join(out, "seq.keras"))
    m.save_weights(os.path.join(out, "seq.weights.h5"))
    m.save(os.path.join(out, "legacy.h5"))
    inp = keras.Input((4,), name="x")
    h = keras.layers.Dense(3, activation="tanh")(inp)
    h = keras.layers.Dropout(0.5)(h)
    o = keras.layers.Dense(2, activation="softmax")(h)
    fm = keras.Model(inp, o)
    fm.compile(optimizer="sgd", loss="mse")
    fm.fit(np.ones((4, 4)), np.ones((4, 2)), verbose=0)
    fm.save(os.path.join(out, "fn.keras"))
    cm = _cnn(keras)
    cm.fit(_x_cnn(np), np.eye(2, dtype="float32")[[0, 1, 0, 1]], verbose=0)
    cm.save(os.path.join(out, "cnn.keras"))
    # Every type and layout the reader supports, as h5py writes them by default.
    with h5py.File(os.path.join(out, "types.h5"), "w") as f:
        f.attrs["vlen_str"] = "héllo"
        f.attrs["vlen_list"] = ["a", "bc", ""]
        f.attrs["fixed_str"] = np.bytes_("fixed")
        f.attrs["f64"] = 2.5
        f.attrs["i64_arr"] = np.arange(3, dtype="int64")
        f.attrs["empty"] = np.array([])
        g = f.create_group("grp/sub")
        g.attrs["name"] = "sub"
        f["f32"] = np.arange(6, dtype="float32").reshape(2, 3) / 7
        f["f64"] = np.array([1e300, -0.0, np.inf])
        f["f16"] = np.array([1.5, -2], dtype="float16")
        f["i8"] = np.array([-128, 127], dtype="int8")
        f["u16"] = np.array([65535, 1], dtype="uint16")
        f["i32"] = np.array([[-1, 2]], dtype="int32")
        f["b"] = np.array([True, False, True])
        f["scalar"] = np.float32(3.25)
        f["zero"] = np.zeros((0, 4), dtype="float32")
        dsid = h5py.h5d.create(f.id, b"compact", h5py.h5t.STD_I16LE, h5py.h5s.create_simple((3,)),
                               dcpl=_compact_dcpl(h5py))
        dsid.write(h5py.h5s.ALL, h5py.h5s.ALL, np.array([7, 8, 9], dtype="int16"))
        for i in range(20):   # several symbol table nodes
            f["many/%02d" % i] = np.array([i], dtype="int32")
    types = {}

    def visit(name, obj):
        e = {"kind": "group" if isinstance(obj, h5py.Group) else "dataset",
             "attrs": {k: _jsonable(obj.attrs[k]) for k in obj.attrs}}
        if isinstance(obj, h5py.Dataset):
            e.update(dtype=obj.dtype.str, shape=list(obj.shape), value=_jsonable(obj[()]))
        types[name] = e
    with h5py.File(os.path.join(out, "types.h5"), "r") as f:
        types["/"] = {"kind": "group", "attrs": {k: _jsonable(f.attrs[k]) for k in f.attrs}}
        f.visititems(visit)
    with open(os.path.join(out, "types.json"), "w") as fp:
        json.dump(types, fp, indent=1, sort_keys=True)
        fp.write("\n")
    # load_files.py (beside real/) under real Keras: what GraphLens must print.
    proc = subprocess.run([sys.executable, "-X", "utf8", "load_files.py"], cwd=DATA, capture_output=True, text=True)
    if proc.returncode != 0:
        raise SystemExit(proc.stderr)
    with open(os.path.join(DATA, "load_files.expected"), "w") as fp:
        fp.write(proc.stdout)


def _cnn(keras):
    m = keras.Sequential([keras.Input((6, 6, 2)), keras.layers.Conv2D(3, 3, activation="relu", padding="same"),
                          keras.layers.BatchNormalization(), keras.layers.MaxPooling2D(), keras.layers.Flatten(),
                          keras.layers.Dropout(0.2), keras.layers.Dense(2, activation="softmax")])
    m.compile(optimizer="adam", loss="categorical_crossentropy", metrics=["accuracy"])
    return m


def _x_cnn(np):
    return np.linspace(0, 1, 4 * 72, dtype="float32").reshape(4, 6, 6, 2)


def _compact_dcpl(h5py):
    dcpl = h5py.h5p.create(h5py.h5p.DATASET_CREATE)
    dcpl.set_layout(h5py.h5d.COMPACT)
    return dcpl


def _jsonable(v):
    import numpy as np
    if isinstance(v, bytes):
        return v.decode()
    if isinstance(v, np.ndarray):
        if v.dtype.kind == "f":
            return [_f(x) for x in v.ravel().tolist()]
        return [_jsonable(x) for x in v.ravel().tolist()]
    if isinstance(v, (np.floating, float)):
        return _f(float(v))
    if isinstance(v, np.generic):
        return v.item()
    return v


def _f(x):
    return x if x == x and abs(x) != float("inf") else repr(x)


def record_graphlens():
    import keras
    import numpy as np
    gl = os.path.join(DATA, "graphlens")
    res = {"keras_version": keras.__version__}
    x3 = np.arange(6, dtype="float32").reshape(2, 3) / 4
    for name in ("gl_seq.keras", "gl_fn.keras", "gl_cnn.keras"):
        m = keras.models.load_model(os.path.join(gl, name))
        x = {"gl_seq.keras": x3, "gl_fn.keras": np.arange(8, dtype="float32").reshape(2, 4) / 4,
             "gl_cnn.keras": _x_cnn(np)}[name]
        res[name] = {"class": type(m).__name__, "layers": [l.name for l in m.layers],
                     "weights": {w.path: w.numpy().ravel().tolist() for w in m.weights},
                     "optimizer": type(m.optimizer).__name__ if m.optimizer else None,
                     "optimizer_variables": {v.path: v.numpy().ravel().tolist() for v in m.optimizer.variables}
                     if m.optimizer else {},
                     "predict": m.predict(x, verbose=0).ravel().tolist()}
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, activation="relu"), keras.layers.Dense(1)])
    m.load_weights(os.path.join(gl, "gl_seq.weights.h5"))
    res["gl_seq.weights.h5"] = {"weights": {w.path: w.numpy().ravel().tolist() for w in m.weights},
                                "predict": m.predict(x3, verbose=0).ravel().tolist()}
    m = keras.models.load_model(os.path.join(gl, "gl_legacy.h5"), compile=False)
    res["gl_legacy.h5"] = {"class": type(m).__name__, "weights": {w.path: w.numpy().ravel().tolist() for w in m.weights},
                           "predict": m.predict(x3, verbose=0).ravel().tolist()}
    with open(os.path.join(DATA, "graphlens_loaded_by_keras.json"), "w") as fp:
        json.dump(res, fp, indent=1, sort_keys=True)
        fp.write("\n")


if __name__ == "__main__":
    what = sys.argv[1] if len(sys.argv) > 1 else "real"
    record_real() if what == "real" else record_graphlens()
