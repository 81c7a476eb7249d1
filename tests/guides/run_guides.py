#!/usr/bin/env python3
"""Runs the guide scripts (../shared/corpus/guides: code cut from TensorFlow's and Keras's own
guides, each with what TF 2.21 printed) with graphlens-cli and compares stdout exactly.

The folder is read-only and the scripts write files, so each run works in a fresh copy under
--work. Scripts listed in --known-failures are expected to fail (issues #19-#20 make them pass);
one that passes while listed fails the run, so the list only shrinks. Exit 0 when every script
not listed passes, 1 otherwise; the last line is always "N passed, M failed (K known)".
"""
import argparse
import os
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def first_difference(got, want):
    g, w = got.splitlines(), want.splitlines()
    for i in range(max(len(g), len(w))):
        a = g[i] if i < len(g) else "<end of output>"
        b = w[i] if i < len(w) else "<end of output>"
        if a != b:
            return f"line {i + 1}: got {a[:120]!r}, TF printed {b[:120]!r}"
    return "outputs differ in whitespace only"


def run_one(cli, work, name, timeout):
    # The guides were recorded with TF's oneDNN kernels on (its default on CPUs with AVX512_VNNI
    # and newer): say so, so that a CI machine without them runs what was recorded.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TF_CPP_MIN_LOG_LEVEL": "3", "TF_ENABLE_ONEDNN_OPTS": "1",
           "HOME": work, "LANG": "C.UTF-8"}
    try:
        p = subprocess.run([cli, "run", name + ".py"], cwd=work, env=env, capture_output=True,
                           timeout=timeout)
    except subprocess.TimeoutExpired:
        return name, False, f"no result in {timeout} s"
    want = open(os.path.join(work, name + ".expected"), encoding="utf-8", errors="replace").read()
    got = p.stdout.decode("utf-8", errors="replace")
    if got == want and p.returncode == 0:
        return name, True, ""
    err = [l for l in p.stderr.decode("utf-8", errors="replace").splitlines() if l.strip()]
    why = err[-1][:200] if p.returncode != 0 and err else first_difference(got, want)
    return name, False, f"exit {p.returncode}: {why}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--guides", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--known-failures")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=300)
    args = ap.parse_args()
    if not os.path.isdir(args.guides):
        print(f"guide scripts not found at {args.guides}: skipped")
        return 77
    known = set()
    if args.known_failures:
        for line in open(args.known_failures, encoding="utf-8"):
            line = line.split("#", 1)[0].strip()
            if line:
                known.add(line)
    shutil.rmtree(args.work, ignore_errors=True)
    shutil.copytree(args.guides, args.work)
    names = sorted(f[:-3] for f in os.listdir(args.work)
                   if f.endswith(".py") and os.path.exists(os.path.join(args.work, f[:-3] + ".expected")))
    # Scripts write models and checkpoints into their folder: each runs in a copy of its own.
    def isolated(name):
        folder = os.path.join(args.work, "run", name)
        shutil.copytree(args.guides, folder)
        return run_one(args.cli, folder, name, args.timeout)
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        results = list(pool.map(isolated, names))
    passed = failed = 0
    bad = False
    for name, ok, why in results:
        if ok:
            passed += 1
            if name in known:
                print(f"NOW PASSES (remove from known failures): {name}")
                bad = True
            else:
                print(f"pass  {name}")
        else:
            failed += 1
            if name in known:
                print(f"known {name}: {why}")
            else:
                print(f"FAIL  {name}: {why}")
                bad = True
    stale = known - set(names)
    for name in sorted(stale):
        print(f"known failure {name} is not a guide script")
        bad = True
    print(f"{passed} passed, {failed} failed ({len(known & set(names))} known)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
