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


def close(np, got, want):
    return np.allclose(np.asarray(got), np.asarray(want), rtol=1e-6, atol=1e-7)


def check_function(tf, np, saved, case):
    # A restored function of a TF2 SavedModel GraphLens wrote: TF calls it by attribute and
    # differentiates the sum of its outputs; both must equal what GraphLens computed before saving
    # and after loading its own files again.
    model = tf.saved_model.load(os.path.join(saved, case["model"]))
    fn = model
    for part in case["signature"][len("function:"):].split("."):
        fn = getattr(fn, part)
    args = [tf.constant(case["inputs"][k], dtype=tf.float32) for k in sorted(case["inputs"])]
    watched = {"dense.w": model.dense.w, "dense.b": model.dense.b, "scale": model.scale}
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(args)
        flat = tf.nest.flatten(fn(*args))
        total = tf.add_n([tf.reduce_sum(t) for t in flat])
    names = sorted(watched) + ["arg_%d" % i for i in range(len(args))]
    grads = tape.gradient(total, [watched[k] for k in sorted(watched)] + args)
    outputs = {"output_%d" % i: t.numpy().tolist() for i, t in enumerate(flat)}
    gradients = {k: g.numpy().tolist() for k, g in zip(names, grads) if g is not None}
    # Known difference: through a function's cond, TF's gradient of a variable only the branch not
    # taken reads is zeros (cond_v2's gradient), GraphLens's is None (its tape sees the branch
    # that ran). Recorded as such, so it stays visible; every other value must match.
    zero_not_none = sorted(k for k, g in gradients.items()
                           if not np.any(np.asarray(g)) and k not in case["gradients"])
    for k in zero_not_none:
        del gradients[k]
    for what, tf_values in (("outputs", outputs), ("gradients", gradients)):
        for graphlens_key in (what, "reloaded" if what == "outputs" else "reloaded_gradients"):
            want = case[graphlens_key]
            if sorted(want) != sorted(tf_values) or not all(close(np, tf_values[k], want[k]) for k in want):
                sys.exit("%s/%s: TF computes %s %s, GraphLens (%s) %s" % (case["model"], case["signature"], what,
                                                                         tf_values, graphlens_key, want))
    return {"model": case["model"], "signature": case["signature"], "outputs": outputs, "gradients": gradients,
            "tf_zero_graphlens_none": zero_not_none}


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
            if case["signature"].startswith("function:"):
                record["tf"].append(check_function(tf, np, saved, case))
                print(case["model"], case["signature"], "loaded, run and differentiated by TF")
                continue
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
