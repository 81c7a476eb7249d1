#!/usr/bin/env python3
"""CTest: tf.saved_model.save still writes the SavedModels real TF loaded.

Runs write_models.py (tests/eager/saved_model_cases) under graphlens-cli in a temporary folder and
checks it against expected.json (tests/oracle/record_saved_model.py): the same stdout (the values
GraphLens computes), the same bytes in every file written (so TF's recorded verdict holds for
them), and TF's outputs, computed from those files, equal to GraphLens's.

    python3 tests/eager/saved_model_check.py --cli build/dev/app/graphlens-cli
"""
import argparse
import hashlib
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "saved_model_cases")


def close(a, b):
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-7)


def same_values(a, b):
    if isinstance(a, dict):
        return isinstance(b, dict) and sorted(a) == sorted(b) and all(same_values(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return isinstance(b, list) and len(a) == len(b) and all(same_values(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b, rel_tol=5e-7, abs_tol=1e-12)
    return a == b


def same_cases(got, want):
    try:
        g = [json.loads(line) for line in got.splitlines()]
        w = [json.loads(line) for line in want.splitlines()]
    except ValueError:
        return False
    return len(g) == len(w) and all(same_values(x, y) for x, y in zip(g, w))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    args = ap.parse_args()
    expected = json.load(open(os.path.join(CASES, "expected.json")))
    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(os.path.join(CASES, "write_models.py"), tmp)
        r = subprocess.run([os.path.abspath(args.cli), "run", "write_models.py"], cwd=tmp, capture_output=True,
                           text=True, timeout=300)
        if r.returncode != 0:
            sys.exit("graphlens-cli failed:\n" + r.stderr)
        if r.stdout != expected["graphlens_stdout"]:
            # the same cases and keys, values equal to float32 rounding: a CPU whose reciprocal
            # estimates (Eigen's softmax) differ from the recording machine's moves the last bit
            if same_cases(r.stdout, expected["graphlens_stdout"]):
                print("warning: stdout within float32 rounding of the recording, not byte-equal (this CPU's "
                      "reciprocal estimates differ from the recording machine's)")
            else:
                failures.append("stdout differs from the recording:\n%s\n--- recorded ---\n%s" %
                                (r.stdout, expected["graphlens_stdout"]))
        for rel, digest in sorted(expected["sha256"].items()):
            path = os.path.join(tmp, "saved", rel)
            if not os.path.isfile(path):
                failures.append("%s was not written" % rel)
                continue
            with open(path, "rb") as fh:
                got = hashlib.sha256(fh.read()).hexdigest()
            if got != digest:
                failures.append("%s: not the bytes real TF loaded (re-record with tests/oracle/record_saved_model.py)"
                                % rel)
    printed = [json.loads(line) for line in expected["graphlens_stdout"].splitlines()]
    if len(printed) != len(expected["tf"]):
        failures.append("recording: %d cases printed, %d run by TF" % (len(printed), len(expected["tf"])))
    for mine, tf in zip(printed, expected["tf"]):
        for k, v in mine["outputs"].items():
            if not close(v, tf["outputs"].get(k)):
                failures.append("%s/%s %s: GraphLens %s, TF %s" % (mine["model"], mine["signature"], k, v,
                                                                  tf["outputs"].get(k)))
    for f in failures:
        print("FAIL", f)
    print("%d SavedModels, %d signatures checked, %d failures" % (len({c["model"] for c in printed}), len(printed),
                                                                  len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
