#!/usr/bin/env python3
"""Record that real TensorFlow 2.21 loads and runs the SavedModels tf.saved_model.save writes in
GraphLens (issue #19: the seeds' CI check; #20: SavedModels real TF loads).

Runs `graphlens-cli run write_models.py` (tests/eager/saved_model_cases) in a temporary folder,
loads every SavedModel it wrote with tf.saved_model.load, calls each signature GraphLens printed on
the same inputs, and writes tests/eager/saved_model_cases/expected.json: GraphLens's stdout, the
SHA-256 of the files it wrote, and per signature TF's input specs and outputs. The recording fails
when TF's outputs differ from GraphLens's. tests/eager/saved_model_check.py (CTest) checks that
GraphLens still writes the same bytes and prints the same values.

    tests/oracle/venv/bin/python tests/oracle/record_saved_model.py build/dev/app/graphlens-cli
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CASES = os.path.join(ROOT, "tests", "eager", "saved_model_cases")
FILES = ("saved_model.pb", "fingerprint.pb", "variables/variables.index", "variables/variables.data-00000-of-00001")


def digests(folder):
    out = {}
    for model in sorted(os.listdir(folder)):
        for f in FILES:
            with open(os.path.join(folder, model, f), "rb") as fh:
                out[model + "/" + f] = hashlib.sha256(fh.read()).hexdigest()
    return out


def main():
    cli = os.path.abspath(sys.argv[1])
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
    import numpy as np
    import tensorflow as tf
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(os.path.join(CASES, "write_models.py"), tmp)
        r = subprocess.run([cli, "run", "write_models.py"], cwd=tmp, capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("graphlens-cli failed: " + r.stderr)
        saved = os.path.join(tmp, "saved")
        record = {"graphlens_stdout": r.stdout, "sha256": digests(saved), "tf": []}
        for line in r.stdout.splitlines():
            case = json.loads(line)
            f = tf.saved_model.load(os.path.join(saved, case["model"])).signatures[case["signature"]]
            specs = f.structured_input_signature[1]
            kwargs = {k: tf.constant(v, dtype=specs[k].dtype) for k, v in case["inputs"].items()}
            res = f(**kwargs)
            outputs = {k: res[k].numpy().tolist() for k in sorted(res)}
            for k, want in case["outputs"].items():
                if not np.allclose(np.asarray(outputs[k]), np.asarray(want), rtol=1e-6, atol=1e-7):
                    sys.exit("%s/%s: TF computes %s = %s, GraphLens %s" % (case["model"], case["signature"], k,
                                                                          outputs[k], want))
            record["tf"].append({"model": case["model"], "signature": case["signature"],
                                 "input_specs": {k: [list(s.shape), s.dtype.name] for k, s in sorted(specs.items())},
                                 "outputs": outputs})
            print(case["model"], case["signature"], "loaded and run by TF")
    with open(os.path.join(CASES, "expected.json"), "w") as fh:
        json.dump(record, fh, indent=1, sort_keys=True)
        fh.write("\n")


if __name__ == "__main__":
    main()
