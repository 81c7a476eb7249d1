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

  - when the recording has "traces" (the tf.functions real TF traced, see record_corpus.py), the
    traces GraphLens made (unless the script says `# corpus: traced graphs differ from TF's by
    design: WHY` in its first lines, see traces_differ_by_design): the CLI runs as `graphlens-cli run --trace-log FILE NAME.py` and FILE
    (the trace-log JSON: {"version": 1, "functions": [{"name", "file", "trace_events": [{"ops",
    "library_ops", ...}]}]}) is compared per function name, trace by trace in order: "ops" with
    TF's "ops" and "library_ops" with TF's "library", op types in IGNORED_OPS left out. Only
    functions defined in the script itself are compared (as the recorder logs only those).

  - when tests/corpus/shapes/NAME.json exists (record_shapes.py: the static shape TF inferred for
    every node output of each traced graph), the static shapes of GraphLens's traced graphs
    (`--trace-shapes FILE`), node by node for the nodes both graphs have under one name, op type,
    list of inputs and number of outputs, whose inputs have the same shapes in both (so that each
    difference is reported once, at the op whose shape function makes it; Consts are left out),
    trace by trace per function in order: the static-shape audit. --known-shape-differences
    FILE lists op types whose shape functions are known to differ from TF's (one per line, '#'
    comments): their differences are counted apart, and a listed op type that no longer differs
    in a full run fails it.

Object addresses ("<function f at 0x7f...>") are normalised to "at 0x..." in stdout and stderr
(record_corpus.normalise_addresses, as the recorder does), and so are the random names of
AutoGraph's generated modules ("__autograph_generated_file....py"). With --python the self-test runs the
scripts through tests/oracle/trace_runner.py, so TF's own traces are re-checked as well.

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
import json
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "oracle"))
import record_corpus as rc  # noqa: E402  (shared run/parse helpers and the environment)

CLI_TIMEOUT_S = 120

# Op types left out when traced graphs are compared, each with why it is TF's bookkeeping rather
# than part of what the user's function computes.
IGNORED_OPS = {
    # Automatic control dependencies: when a graph (or an If/While branch) holds stateful ops
    # (PrintV2, AssignVariableOp, If, ...), TF adds one NoOp with a control input from each of
    # them and hangs the output Identity nodes on it, so side effects run before the function
    # returns. It computes nothing; an engine that orders side effects otherwise needs no NoOp.
    "NoOp",
}
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


def without_ignored(ops):
    return {op: n for op, n in sorted(ops.items()) if op not in IGNORED_OPS}


def group_by_function(traces):
    """{function name: [(ops, library), ...]} in trace order; traces use the recorder's keys."""
    groups = {}
    for t in traces:
        groups.setdefault(t["function"], []).append((without_ignored(t.get("ops", {})),
                                                     without_ignored(t.get("library", {}))))
    return groups


def traces_from_trace_log(path, name):
    """Our trace-log JSON as a list in the recorder's form (functions defined in the script)."""
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    traces = []
    for fn in log.get("functions", []):
        where = fn.get("file")
        if where and os.path.basename(where) != name:
            continue
        for ev in fn.get("trace_events", []):
            traces.append({"function": fn.get("name", "?"), "ops": ev.get("ops", {}),
                           "library": ev.get("library_ops", {})})
    return traces


def show_ops(ops):
    return "{" + ", ".join(f"{k}: {v}" for k, v in ops.items()) + "}"


def ops_difference(expected, actual):
    keys = sorted(set(expected) | set(actual))
    return ", ".join(f"{k} {expected.get(k, 0)}->{actual.get(k, 0)}" for k in keys
                     if expected.get(k, 0) != actual.get(k, 0))


def compare_traces(expected_traces, actual_traces):
    """Reasons the traces differ (per function name, in order), [] when they match."""
    want, got = group_by_function(expected_traces), group_by_function(actual_traces)
    reasons = []
    for fn, traces in want.items():
        ours = got.get(fn, [])
        if len(ours) != len(traces):
            reasons.append(f"traces of {fn}: recorded {len(traces)} trace(s), this run made {len(ours)}")
        for i, ((ops, lib), (our_ops, our_lib)) in enumerate(zip(traces, ours)):
            if ops != our_ops:
                reasons.append(f"trace {i + 1} of {fn}: graph ops differ (recorded->this run): {ops_difference(ops, our_ops)}"
                               f"; recorded {show_ops(ops)}")
            if lib != our_lib:
                reasons.append(f"trace {i + 1} of {fn}: library ops differ (recorded->this run): {ops_difference(lib, our_lib)}")
    for fn in got:
        if fn not in want:
            reasons.append(f"traces of {fn}: recorded 0 traces, this run made {len(got[fn])}")
    return reasons


shapes_path = rc.shapes_path


def show_shape(shape):
    return "<unknown>" if shape is None else "(" + ", ".join("None" if d is None else str(d) for d in shape) + \
        ("," if len(shape) == 1 else "") + ")"


def compare_shapes(expected, actual, counts=None):
    """[(op type, text)] for every node output whose static shape differs from TF's, trace by trace.
    counts (a dict), when given, gains "nodes" (TF's nodes) and "compared" (the ones compared)."""
    want, got = {}, {}
    for e in expected:
        want.setdefault(e["function"], []).append(e["shapes"])
    for t in sorted(actual.get("traces", []), key=lambda t: t.get("trace", 0)):
        if t.get("function") in want:
            got.setdefault(t["function"], []).append(t.get("nodes", {}))
    def shape_of(nodes, tensor):
        node, _, k = tensor.rpartition(":")
        shapes = nodes.get(node, {}).get("shapes", [])
        return shapes[int(k)] if k.isdigit() and int(k) < len(shapes) else "?"

    found = []
    for fn, traces in want.items():
        for i, (theirs, ours) in enumerate(zip(traces, got.get(fn, []))):
            for node, info in sorted(theirs.items()):
                if counts is not None:
                    counts["nodes"] = counts.get("nodes", 0) + 1
                mine = ours.get(node)
                # the same node (name, op type, inputs and number of outputs: names that match by
                # chance are skipped) with inputs of the same shapes, so that a difference is this
                # op's shape function's, not one flowing in; a Const's shape is its value's
                if not mine or mine.get("op") != info["op"] or mine.get("inputs") != info.get("inputs") or \
                        len(mine.get("shapes", [])) != len(info["shapes"]) or info["op"] == "Const":
                    continue
                if any(shape_of(theirs, t) != shape_of(ours, t) for t in info.get("inputs", [])):
                    continue
                if counts is not None:
                    counts["compared"] = counts.get("compared", 0) + 1
                if mine.get("shapes") == info["shapes"]:
                    continue
                pairs = zip(info["shapes"], mine.get("shapes", []))
                text = "; ".join(f"output {k}: TF {show_shape(a)}, GraphLens {show_shape(b)}"
                                 for k, (a, b) in enumerate(pairs) if a != b)
                found.append((info["op"], f"trace {i + 1} of {fn}: static shape of {node} ({info['op']}) differs: {text}"))
    return found


def run_with_traces(argv_prefix, name, cli):
    """Run the script asking for a trace log; (record, traces or None, problem or None).

    The record gains "_shapes", the --trace-shapes JSON, when the script has a shapes recording."""
    with tempfile.TemporaryDirectory(prefix="corpus-trace-") as tmp:
        if cli:
            log = os.path.join(tmp, "trace-log.json")
            shapes = os.path.join(tmp, "trace-shapes.json")
            extra = ["--trace-shapes", shapes] if os.path.exists(shapes_path(name)) else []
            actual = rc.run_script(argv_prefix + ["--trace-log", log] + extra + [name], name, CLI_TIMEOUT_S)
            if extra:
                try:
                    with open(shapes, encoding="utf-8") as f:
                        actual["_shapes"] = json.load(f)
                except (OSError, ValueError):
                    actual["_shapes"] = None
            if actual["exit"] == 2 and "--trace-log" in actual["_stderr"]:
                # Still compare the output, from a run without the option.
                problem = ("graphlens-cli run does not accept --trace-log: "
                           f"{rc.last_nonempty_line(actual['_stderr'])!r:.160}")
                return rc.run_script(argv_prefix + [name], name, CLI_TIMEOUT_S), None, problem
            try:
                return actual, traces_from_trace_log(log, name), None
            except FileNotFoundError:
                return actual, None, "graphlens-cli wrote no --trace-log file"
            except (ValueError, KeyError, TypeError, AttributeError) as e:
                return actual, None, f"unreadable --trace-log file: {e}"
        out = os.path.join(tmp, "traces.jsonl")
        actual = rc.run_script(argv_prefix + [rc.TRACE_RUNNER, name], name, CLI_TIMEOUT_S,
                               {rc.TRACE_OUT_ENV: out})
        return actual, rc.read_trace_lines(out), None


TRACES_DIFFER = "# corpus: traced graphs differ from TF's by design:"


def traces_differ_by_design(name):
    """A script whose first lines say `# corpus: traced graphs differ from TF's by design: WHY` has
    its traced graphs' op counts left uncompared (its output still is): for computations GraphLens
    builds another way on purpose (gradients through control flow re-trace the forward function
    where TF outputs its intermediates)."""
    with open(os.path.join(rc.SCRIPTS, name), encoding="utf-8") as f:
        return any(line.startswith(TRACES_DIFFER) for line in f.read().splitlines()[:12])


def check(job):
    argv_prefix, name, cli, known_shape_ops = job
    try:
        expected = rc.load_expected(name)
    except FileNotFoundError:
        return name, ["no recording in tests/corpus/expected (run tests/oracle/record_corpus.py)"], "", ([], {})
    if "traces" in expected:
        actual, traces, problem = run_with_traces(argv_prefix, name, cli)
    elif cli:
        actual, traces, problem = rc.run_script(argv_prefix + [name], name, CLI_TIMEOUT_S), None, None
    else:
        actual, traces, problem = run_with_traces(argv_prefix, name, cli)
    reasons, text = compare(expected, actual)
    if problem:
        reasons.insert(0, problem)
    elif traces is not None:
        trace_reasons = compare_traces(expected.get("traces", []), traces)
        if traces_differ_by_design(name):
            trace_reasons = []  # stdout (the values) still compared
        reasons += trace_reasons
    shape_differences = []
    shape_counts = {}
    if "_shapes" in actual:
        if actual["_shapes"] is None:
            reasons.append("graphlens-cli wrote no readable --trace-shapes file")
        else:
            with open(shapes_path(name), encoding="utf-8") as f:
                differences = compare_shapes(json.load(f), actual["_shapes"], shape_counts)
            reasons += [text for op, text in differences if op not in known_shape_ops]
            shape_differences = [(op, text) for op, text in differences if op in known_shape_ops]
    return name, reasons, text, (shape_differences, shape_counts)


def read_known_failures(path):
    with open(path, encoding="utf-8") as f:
        return {line.split("#", 1)[0].strip() for line in f} - {""}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--cli", metavar="PATH", help="graphlens-cli to test")
    mode.add_argument("--python", metavar="PATH", help="self-test: a Python with TensorFlow 2.21")
    ap.add_argument("--known-failures", metavar="FILE", help="scripts expected to fail (see above)")
    ap.add_argument("--known-shape-differences", metavar="FILE",
                    help="op types whose static shapes are known to differ from TF's (see above)")
    ap.add_argument("--list-missing", action="store_true", help="print only failing scripts with a reason")
    ap.add_argument("-k", dest="pattern", action="append",
                    help="only scripts whose name contains this (repeatable: any of them)")
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
    known_shape_ops = read_known_failures(args.known_shape_differences) if args.known_shape_differences else set()
    unknown_listed = sorted(k for k in known if not os.path.exists(os.path.join(rc.SCRIPTS, k)))

    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        results = pool.map(check, [(prefix, n, bool(args.cli), known_shape_ops) for n in names])

    passed, expected_failures, failed = [], [], []
    differing_ops = {}
    audited = {}
    for name, _, _, (differences, counts) in results:
        for k, v in counts.items():
            audited[k] = audited.get(k, 0) + v
        for op, text in differences:
            differing_ops.setdefault(op, []).append(f"{name}: {text}")
    if not args.pattern:
        for op in sorted(known_shape_ops - set(differing_ops)):
            failed.append((f"[{op}]", [f"static shapes of {op} now match TF's: remove it from the known shape differences"], ""))
    for op, texts in sorted(differing_ops.items()):
        if args.verbose:
            print(f"known static-shape difference: {op} ({len(texts)} outputs)")
            for t in texts[:3]:
                print(f"    {t}")
    results = [r[:3] for r in results]
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
    if audited.get("nodes"):
        print(f"static shapes: {audited.get('compared', 0)} of TF's {audited['nodes']} traced nodes compared "
              f"(the others are named otherwise here, have other inputs, are constants, or take inputs whose "
              f"shapes already differ)")
    tail = f"{len(failed)} failed"
    if known:
        tail += f", {len(expected_failures)} known failures (see {args.known_failures})"
    if differing_ops:
        tail += (f", {sum(len(t) for t in differing_ops.values())} known static-shape differences in "
                 f"{len(differing_ops)} op types (see {args.known_shape_differences})")
    print(f"{len(passed)}/{total} passed, {tail}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
