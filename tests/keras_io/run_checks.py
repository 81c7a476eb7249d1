#!/usr/bin/env python3
"""Keras files end to end through graphlens-cli (issue #19), without TensorFlow:

  load   tests/data/keras_io/load_files.py reads the files real Keras wrote (real/); its output
         must equal load_files.expected, which real Keras printed running the same script.
  write  tests/data/keras_io/write_files.py writes .keras / .weights.h5 / .h5 files; their
         config.json and HDF5 bytes must equal the committed graphlens/ files, which real Keras
         loaded (graphlens_loaded_by_keras.json, by tests/oracle/record_keras_io.py graphlens),
         and the predictions it prints must be the ones real Keras computed from those files.

Both run in a temporary copy of tests/data/keras_io (the script's folder is its sandbox).
  sandbox  save / save_weights / load_model / load_weights of paths outside the script's folders
         (absolute, `..`, a symbolic link) are PermissionError naming the path; nothing is made.
--update copies the freshly written files into tests/data/keras_io/graphlens/.
"""
import argparse
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.normpath(os.path.join(HERE, "..", "data", "keras_io"))
FILES = ["gl_seq.keras", "gl_seq.weights.h5", "gl_legacy.h5", "gl_fn.keras", "gl_cnn.keras"]

# Saving and loading obey the script's sandbox: every path outside its folders is PermissionError
# naming the path, and nothing outside is written or read. OUTSIDE is a folder beside the script's
# with a real .keras file and .weights.h5 in it; `escape` is a symbolic link to it.
SANDBOX = r'''
import os
import keras
m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Dense(1)])
outside = OUTSIDE
paths = [os.path.join(outside, "new.keras"), "../outside/new.keras", "escape/new.keras"]
for p in paths:
    for what, f in (("save", lambda: m.save(p)), ("save_weights", lambda: m.save_weights(p[:-6] + ".weights.h5")),
                    ("save_h5", lambda: m.save(p[:-6] + ".h5"))):
        try:
            f()
            print("WROTE", what, p)
        except PermissionError as e:
            print("refused", what, e.filename in (p, p[:-6] + ".weights.h5", p[:-6] + ".h5"))
for p in [os.path.join(outside, "seq.keras"), "../outside/seq.keras", "escape/seq.keras"]:
    for what, f in (("load_model", lambda: keras.models.load_model(p)),
                    ("load_weights", lambda: m.load_weights(p[:-6] + ".weights.h5")),
                    ("load_keras_weights", lambda: m.load_weights(p))):
        try:
            f()
            print("READ", what, p)
        except PermissionError as e:
            print("refused", what, e.filename in (p, p[:-6] + ".weights.h5"))
        except ValueError as e:
            print("ValueError", what, str(e)[:40])
'''


def check_sandbox(cli, tmp, failures):
    top = os.path.join(tmp, "sandbox")
    folder, outside = os.path.join(top, "scripts"), os.path.join(top, "outside")
    os.makedirs(folder)
    os.makedirs(outside)
    for n in ("seq.keras", "seq.weights.h5"):
        shutil.copy(os.path.join(DATA, "real", n), os.path.join(outside, n))
    os.symlink(outside, os.path.join(folder, "escape"))
    with open(os.path.join(folder, "sandbox.py"), "w") as f:
        f.write(SANDBOX.replace("OUTSIDE", repr(outside)))
    rc, out, err = run(cli, folder, "sandbox.py")
    lines = out.strip().split("\n")
    bad = [l for l in lines if not l.startswith("refused") or not l.endswith("True")]
    if rc != 0 or len(lines) != 18 or bad:
        failures.append("sandbox: rc %d, %d lines, not refused: %s\n%s" % (rc, len(lines), bad, err[-2000:]))
    if sorted(os.listdir(outside)) != ["seq.keras", "seq.weights.h5"]:
        failures.append("sandbox: files appeared outside: %s" % sorted(os.listdir(outside)))


def run(cli, folder, script):
    p = subprocess.run([cli, "run", script], cwd=folder, capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout, p.stderr


def comparable(path):
    # what must not change: every entry of a .keras archive but metadata.json (the save date)
    if path.endswith(".keras"):
        with zipfile.ZipFile(path) as z:
            return {n: z.read(n) for n in z.namelist() if n != "metadata.json"}
    with open(path, "rb") as f:
        return {"": f.read()}


def floats_close(a, b):
    # Whether two byte strings differ only in 4-byte little-endian float32 words that are close
    # (relative 1e-5, absolute 1e-9): the weights a training step leaves differ so between CPUs
    # whose reciprocal estimates (rcpps, used by Eigen's softmax) differ from the recording
    # machine's; small weights (lr * gradient) move by more ulp than large ones.
    if len(a) != len(b):
        return False
    for i in range(0, len(a), 4):
        x, y = a[i:i + 4], b[i:i + 4]
        if x == y:
            continue
        if len(x) != 4:
            return False
        u, v = struct.unpack("<f", x)[0], struct.unpack("<f", y)[0]
        if not (math.isfinite(u) and math.isfinite(v) and math.isclose(u, v, rel_tol=1e-5, abs_tol=1e-9)):
            return False
    return True


def same_entries(got, want):
    # exact, or (with a warning) float words close where the bytes are otherwise equal
    if got == want:
        return True
    if sorted(got) != sorted(want) or not all(floats_close(got[k], want[k]) for k in got):
        return False
    print("warning: float32 weights close to the recording's, not bit-equal (this CPU's reciprocal "
          "estimates differ from the recording machine's)")
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--update", action="store_true")
    args = ap.parse_args()
    args.cli = os.path.abspath(args.cli)
    failures = []
    with tempfile.TemporaryDirectory(prefix="keras-io-") as tmp:
        work = os.path.join(tmp, "keras_io")
        shutil.copytree(DATA, work, ignore=shutil.ignore_patterns("graphlens"))
        rc, out, err = run(args.cli, work, "load_files.py")
        with open(os.path.join(DATA, "load_files.expected")) as f:
            expected = f.read()
        if rc != 0 or out != expected:
            failures.append("load_files.py: rc %d\n--- got\n%s%s\n--- expected\n%s" % (rc, out, err, expected))
        rc, out, err = run(args.cli, work, "write_files.py")
        if rc != 0:
            failures.append("write_files.py: rc %d\n%s%s" % (rc, out, err))
        else:
            if args.update:
                os.makedirs(os.path.join(DATA, "graphlens"), exist_ok=True)
                for n in FILES:
                    shutil.copy(os.path.join(work, "graphlens", n), os.path.join(DATA, "graphlens", n))
            for n in FILES:
                got = comparable(os.path.join(work, "graphlens", n))
                want = comparable(os.path.join(DATA, "graphlens", n))
                if not same_entries(got, want):
                    failures.append("%s: GraphLens now writes other bytes than the committed file real Keras "
                                    "loaded (entries %s vs %s)" % (n, sorted(got), sorted(want)))
            real_path = os.path.join(DATA, "graphlens_loaded_by_keras.json")
            if args.update and not os.path.exists(real_path):
                print("now record what real Keras makes of them: tests/oracle/record_keras_io.py graphlens")
                return 0
            with open(real_path) as f:
                real = json.load(f)
            lines = dict(l.split(" ", 1) for l in out.strip().split("\n"))
            for key, name in (("gl_seq", "gl_seq.keras"), ("gl_fn", "gl_fn.keras"), ("gl_cnn", "gl_cnn.keras")):
                ours = json.loads(lines[key])
                theirs = [round(v, 5) for v in real[name]["predict"]]
                if any(abs(a - b) > 2e-5 for a, b in zip(ours, theirs)) or len(ours) != len(theirs):
                    failures.append("%s: GraphLens predicts %s, real Keras predicted %s from the file"
                                    % (name, ours, theirs))
        check_sandbox(args.cli, tmp, failures)
    for f in failures:
        print("FAIL", f)
    print("keras_io: %d failure(s)" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
