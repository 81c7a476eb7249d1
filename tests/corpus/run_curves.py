"""Runs tests/corpus/curves/*.py through graphlens-cli and compares every printed value with real
TensorFlow's recording (tests/oracle/record_curves.py) within a relative tolerance (default 1e-4,
the issue's bound for the seed MLP's loss curve). Prints the largest relative difference.
Usage: run_curves.py --cli PATH [--rtol 1e-4]"""
import argparse
import glob
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CURVES = os.path.join(HERE, "curves")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--rtol", type=float, default=1e-4)
    args = ap.parse_args()
    cli = os.path.abspath(args.cli)
    failed = 0
    for script in sorted(glob.glob(os.path.join(CURVES, "*.py"))):
        name = os.path.splitext(os.path.basename(script))[0]
        with open(os.path.join(CURVES, "expected", name + ".json")) as f:
            expected = json.load(f)["values"]
        proc = subprocess.run([cli, "run", os.path.basename(script)], cwd=CURVES, capture_output=True,
                              text=True, timeout=900)
        if proc.returncode != 0:
            print(f"FAIL {name}: exit {proc.returncode}\n{proc.stderr[-2000:]}")
            failed += 1
            continue
        try:
            got = [float(x) for x in proc.stdout.split()]
        except ValueError:
            print(f"FAIL {name}: output is not one number per line\n{proc.stdout[:500]}")
            failed += 1
            continue
        if len(got) != len(expected):
            print(f"FAIL {name}: {len(got)} values, TensorFlow printed {len(expected)}")
            failed += 1
            continue
        worst, at = 0.0, 0
        for i, (g, e) in enumerate(zip(got, expected)):
            rel = abs(g - e) / max(abs(e), 1e-30)
            if rel > worst:
                worst, at = rel, i
        ok = worst <= args.rtol
        print(f"{'ok  ' if ok else 'FAIL'} {name}: {len(got)} values, largest relative difference {worst:.2e} "
              f"at #{at} (GraphLens {got[at]!r}, TensorFlow {expected[at]!r}; bound {args.rtol:g})")
        failed += not ok
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
