#!/usr/bin/env python3
"""Run the TensorFlow conformance corpus and compare with real TensorFlow 2.21's recordings.

    run_corpus.py --cli build/dev/app/graphlens-cli     # GraphLens against the corpus
    run_corpus.py --python tests/oracle/venv/bin/python  # self-test: real TF reproduces the recordings

--cli runs `graphlens-cli run NAME.py` (cwd tests/corpus/scripts, the same environment the
recorder uses: CUDA_VISIBLE_DEVICES=-1, TF_CPP_MIN_LOG_LEVEL=3, PYTHONHASHSEED=0, ...) for every
tests/corpus/scripts/NAME.py and compares with tests/corpus/expected/NAME.json:

  - stdout, exactly;
  - the exit status;
  - when the recording has an "exception_last_line" (the script ended in an uncaught exception),
    the last non-empty stderr line, exactly;
  - when the recording has a "stderr" key (scripts with "stderr" in their name, e.g. tf.print's
    default stream), the whole stderr, with TensorFlow's own start-up log lines stripped.

A failing script is shown with a unified diff of stdout (or stderr) and a one-line reason per other
mismatch. --known-failures FILE (one script name per line, '#' comments) lists scripts expected to
fail: they are counted apart, and one that passes is reported ("now passes: remove it from the
known failures") and fails the run, so the list can only shrink. --list-missing prints only the
failing script names with a one-line reason. The last output line is always `N/M passed` followed
by the counts; the exit status is 0 when nothing failed unexpectedly, 1 otherwise, 2 on bad usage.
"""
import argparse
import difflib
import multiprocessing
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "oracle"))
import record_corpus as rc  # noqa: E402  (shared run/parse helpers and the environment)

CLI_TIMEOUT_S = 120
MAX_DIFF_LINES = 40


def diff(expected, actual, what):
    lines = list(difflib.unified_diff(expected.splitlines(keepends=True), actual.splitlines(keepends=True),
                                      fromfile=f"expected {what}", tofile=f"actual {what}", n=2))
    if len(lines) > MAX_DIFF_LINES:
        lines = lines[:MAX_DIFF_LINES] + [f"... ({len(lines) - MAX_DIFF_LINES} more diff lines)\n"]
    return "".join(l if l.endswith("\n") else l + "\n\\ No newline at end of file\n" for l in lines)


def first_difference(expected, actual, what):
    exp, act = expected.splitlines(keepends=True), actual.splitlines(keepends=True)
    for i, (e, a) in enumerate(zip(exp, act)):
        if e != a:
            return f"{what} line {i + 1}: expected {e!r:.120}, got {a!r:.120}"
    i = min(len(exp), len(act))
    if len(exp) > len(act):
        return f"{what} line {i + 1}: missing {exp[i]!r:.120} ({len(exp)} lines expected, {len(act)} got)"
    return f"{what} line {i + 1}: extra {act[i]!r:.120} ({len(exp)} lines expected, {len(act)} got)"


def compare(expected, actual):
    """(reasons, diff text) -- empty reasons when the run matches the recording."""
    reasons, diffs = [], []
    if actual.get("error"):
        reasons.append(actual["error"])
    if actual["stdout"] != expected["stdout"]:
        reasons.append(first_difference(expected["stdout"], actual["stdout"], "stdout"))
        diffs.append(diff(expected["stdout"], actual["stdout"], "stdout"))
    if actual["exit"] != expected["exit"]:
        reasons.append(f"exit status: expected {expected['exit']}, got {actual['exit']}")
    want_last = expected.get("exception_last_line", "")
    if want_last:
        got_last = rc.last_nonempty_line(actual["_stderr"])
        if got_last != want_last:
            reasons.append(f"exception last line: expected {want_last!r:.200}, got {got_last!r:.200}")
    elif actual["exit"] not in (0, None) and expected["exit"] == 0:
        reasons.append(f"stderr last line: {rc.last_nonempty_line(actual['_stderr'])!r:.200}")
    if "stderr" in expected and actual.get("stderr") != expected["stderr"]:
        reasons.append(first_difference(expected["stderr"], actual.get("stderr", ""), "stderr"))
        diffs.append(diff(expected["stderr"], actual.get("stderr", ""), "stderr"))
    return reasons, "".join(diffs)


def check(job):
    argv_prefix, name = job
    try:
        expected = rc.load_expected(name)
    except FileNotFoundError:
        return name, ["no recording in tests/corpus/expected (run tests/oracle/record_corpus.py)"], ""
    actual = rc.run_script(argv_prefix + [name], name, CLI_TIMEOUT_S)
    reasons, text = compare(expected, actual)
    return name, reasons, text


def read_known_failures(path):
    with open(path, encoding="utf-8") as f:
        return {line.split("#", 1)[0].strip() for line in f} - {""}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--cli", metavar="PATH", help="graphlens-cli to test")
    mode.add_argument("--python", metavar="PATH", help="self-test: a Python with TensorFlow 2.21")
    ap.add_argument("--known-failures", metavar="FILE", help="scripts expected to fail (see above)")
    ap.add_argument("--list-missing", action="store_true", help="print only failing scripts with a reason")
    ap.add_argument("-k", dest="pattern", help="only scripts whose name contains this")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel runs (default 2)")
    ap.add_argument("-v", "--verbose", action="store_true", help="also show diffs of known failures")
    args = ap.parse_args()

    if args.cli:
        exe = os.path.abspath(args.cli)
        if not os.access(exe, os.X_OK):
            print(f"run_corpus: {args.cli} is not an executable", file=sys.stderr)
            return 2
        prefix = [exe, "run"]
    else:
        python = os.path.abspath(args.python) if os.sep in args.python else args.python
        prefix = [python, "-X", "utf8"]

    names = rc.corpus_scripts(args.pattern)
    known = read_known_failures(args.known_failures) if args.known_failures else set()
    unknown_listed = sorted(k for k in known if not os.path.exists(os.path.join(rc.SCRIPTS, k)))

    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        results = pool.map(check, [(prefix, n) for n in names])

    passed, expected_failures, failed = [], [], []
    for name, reasons, text in results:
        if name in known:
            if reasons:
                expected_failures.append((name, reasons, text))
            else:
                failed.append((name, ["now passes: remove it from the known failures"], ""))
        elif reasons:
            failed.append((name, reasons, text))
        else:
            passed.append(name)
    if not args.pattern:
        for k in unknown_listed:
            failed.append((k, ["listed in the known failures but there is no such script"], ""))

    for name, reasons, text in expected_failures:
        if args.list_missing:
            print(f"{name}: {reasons[0]}")
        elif args.verbose:
            print(f"expected failure: {name}")
            for r in reasons[:4]:
                print(f"    {r}")
            if text:
                print(text, end="")
    for name, reasons, text in failed:
        if args.list_missing:
            print(f"{name}: {reasons[0]}")
            continue
        print(f"FAIL {name}")
        for r in reasons[:4]:
            print(f"    {r}")
        if text:
            print(text, end="")
    total = len(results)
    tail = f"{len(failed)} failed"
    if known:
        tail += f", {len(expected_failures)} known failures (see {args.known_failures})"
    print(f"{len(passed)}/{total} passed, {tail}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
