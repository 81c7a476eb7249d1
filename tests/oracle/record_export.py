#!/usr/bin/env python3
"""Record that real TensorFlow 2.21 loads and runs what GraphLens exports.

For every tests/eager/export_cases/NAME.py (a script tracing a tf.function `predict`) this runs
`graphlens-cli run --export predict=DIR NAME.py`, loads DIR with tf.saved_model.load, calls its
serving_default signature on the inputs of cases.json (each input key maps to a list of values,
one per call) and writes tests/eager/export_cases/expected.json: per case, the signature's input
keys and per call the outputs TF computed. tests/eager/export_test.cpp exports the same functions,
runs the SavedModel on GraphLens's executor and compares with these outputs.

    tests/oracle/venv/bin/python tests/oracle/record_export.py build/dev/app/graphlens-cli
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CASES = os.path.join(ROOT, "tests", "eager", "export_cases")


def main():
    cli = os.path.abspath(sys.argv[1])
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import tensorflow as tf
    cases = json.load(open(os.path.join(CASES, "cases.json")))
    out = {}
    for name in sorted(cases):
        with tempfile.TemporaryDirectory() as tmp:
            d = os.path.join(tmp, "sm")
            r = subprocess.run([cli, "run", "--export", "predict=" + d, name + ".py"], cwd=CASES,
                               capture_output=True, text=True)
            if r.returncode != 0:
                sys.exit("%s: graphlens-cli failed: %s" % (name, r.stderr))
            f = tf.saved_model.load(d).signatures["serving_default"]
            keys = sorted(f.structured_input_signature[1].keys())
            inputs = cases[name]["inputs"]
            calls = []
            for i in range(len(next(iter(inputs.values())))):
                kw = {}
                for k in keys:
                    spec = f.structured_input_signature[1][k]
                    kw[k] = tf.constant(inputs[k][i], dtype=spec.dtype)
                res = f(**kw)
                calls.append({k: res[k].numpy().tolist() for k in sorted(res)})
            out[name] = {"signature_inputs": keys, "graphlens_stdout": r.stdout, "tf_outputs": calls}
            print(name, "loaded by TF,", len(calls), "calls")
    with open(os.path.join(CASES, "expected.json"), "w") as fh:
        json.dump(out, fh, indent=1, sort_keys=True)
        fh.write("\n")


if __name__ == "__main__":
    main()
