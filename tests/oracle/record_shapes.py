#!/usr/bin/env python3
"""Record the static shape of every op output in the graphs real TensorFlow traces for the corpus.

    record_shapes.py [-k PATTERN] [-j JOBS]

For each corpus script whose recording has traces (tests/corpus/expected/NAME.json), runs it under
TF 2.21 through trace_runner.py with GRAPHLENS_TRACE_SHAPES=1 and writes tests/corpus/shapes/NAME.json:
a list, one entry per trace in the order TF finished them, of {"function": name, "shapes": {node:
{"op", "shapes"}}} (see trace_runner.py). The corpus runner compares GraphLens's traced graphs with
them node by node (run_corpus.py: the static-shape audit of issue #20). A script whose two runs give
different shapes is rejected.
"""
import argparse
import json
import multiprocessing
import os
import sys
import tempfile

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import record_corpus as rc  # noqa: E402

SHAPES, shapes_path = rc.SHAPES, rc.shapes_path


def record(args):
    python, name = args
    with tempfile.TemporaryDirectory(prefix="corpus-shapes-") as tmp:
        out = os.path.join(tmp, "traces.jsonl")
        rec = rc.run_script(rc.traced_python_argv(python, name), name, rc.TIMEOUT_S,
                            {rc.TRACE_OUT_ENV: out, "GRAPHLENS_TRACE_SHAPES": "1"})
        traces = rc.read_trace_lines(out)
    if rec.get("error"):
        return name, None, rec["error"]
    return name, [{"function": t["function"], "shapes": t["shapes"]} for t in traces], None


def dump(entries):
    """One line per node, so a diff of a re-recording shows the nodes that changed."""
    out = ["["]
    for i, e in enumerate(entries):
        nodes = sorted(e["shapes"].items())
        out.append('{"function": %s, "shapes": {' % json.dumps(e["function"]))
        for j, (node, info) in enumerate(nodes):
            out.append(" %s: %s%s" % (json.dumps(node), json.dumps(info, sort_keys=True),
                                      "," if j + 1 < len(nodes) else ""))
        out.append("}}" + ("," if i + 1 < len(entries) else ""))
    out.append("]")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--python", default=rc.VENV_PYTHON)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("-k", dest="pattern", action="append")
    args = ap.parse_args()
    names = [n for n in rc.corpus_scripts(args.pattern)
             if os.path.exists(rc.expected_path(n)) and rc.load_expected(n).get("traces")]
    os.makedirs(SHAPES, exist_ok=True)
    jobs = [(args.python, n) for n in names]
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        first = {n: (e, err) for n, e, err in pool.map(record, jobs)}
        second = {n: (e, err) for n, e, err in pool.map(record, jobs)}
    written = rejected = 0
    for name in names:
        entries, err = first[name]
        if err or not entries:
            rejected += 1
            print(f"{name}: {err or 'no traces logged'}")
            continue
        text = dump(entries)
        if second[name][0] is None or dump(second[name][0]) != text:
            rejected += 1
            print(f"{name}: not deterministic: two runs differ")
            continue
        if rc.write_if_changed(shapes_path(name), text):
            written += 1
    if not args.pattern:
        rc.remove_stale(SHAPES, names)
    print(f"recorded the static shapes of {len(names) - rejected} of {len(names)} traced scripts "
          f"({written} files changed, {rejected} rejected)")
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
