#!/usr/bin/env python3
"""Record what real TensorFlow sees in the models gen_models.py committed under tests/data.

Same entry format as record_fixtures.py (see tests/oracle/README.md); writes
tests/data/expected/generated.json keyed by the path relative to tests/data.

Run with the oracle venv: tests/oracle/venv/bin/python tests/oracle/record_generated.py
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import record_fixtures as rf  # noqa: E402

GENERATED = ("keras_control_flow", "tf_function_nested", "small_graphdef.pbtxt")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--data-dir", default=os.path.join(rf.REPO, "tests", "data"))
    ap.add_argument("--out", default=None)
    ap.add_argument("paths", nargs="*",
                    help="record these paths instead (e.g. build/bench-models/resnet50); "
                         "keys are the paths as given; needs --out")
    args = ap.parse_args()
    if args.paths and not args.out:
        ap.error("--out is required with explicit paths")
    out = args.out or os.path.join(args.data_dir, "expected", "generated.json")
    entries = {}
    keys = args.paths or GENERATED
    for key in keys:
        path = key if args.paths else os.path.join(args.data_dir, key)
        if not os.path.exists(path):
            entries[key] = {"error": "missing: run gen_models.py small first"}
            continue
        if os.path.isdir(path):
            entries[key] = rf.record_item("saved_model", path)
        elif rf.EVENTS_RE.search(path):
            entries[key] = rf.record_item("events", path)
        else:
            entries[key] = rf.record_item("graph", path)
        print("  %-40s %s" % (key, entries[key].get("kind")), file=sys.stderr)
    rf.write_json(entries, out)
    print("wrote %s (%d entries)" % (out, len(entries)), file=sys.stderr)


if __name__ == "__main__":
    main()
