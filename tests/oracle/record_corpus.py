#!/usr/bin/env python3
"""Record what real TensorFlow 2.21 does with each script of the TF conformance corpus.

For every tests/corpus/scripts/NAME.py this runs

    tests/oracle/venv/bin/python -X utf8 NAME.py      (cwd = tests/corpus/scripts, timeout 180 s)

with TF_CPP_MIN_LOG_LEVEL=3, CUDA_VISIBLE_DEVICES=-1, TF_ENABLE_ONEDNN_OPTS=0 (plain Eigen
kernels, as GraphLens), PYTHONHASHSEED=0, twice; a script whose two runs differ is not
deterministic and is rejected (its recording is left as it was). It writes
tests/corpus/expected/NAME.json:

    {"exit": int,                    # exit status of the script
     "exception_last_line": str,     # last non-empty stderr line when exit != 0, else ""
     "stdout": str,                  # everything the script printed to stdout
     "stderr": str,                  # ONLY for scripts with "stderr" in their name: the whole
                                     # stderr (TF's own log lines stripped), e.g. tf.print output
     "traces": [...]}                # ONLY when the script traced a tf.function of its own: every
                                     # trace in the order it finished (trace_runner.py), each
                                     # {"function", "qualname", "ops": {op: n}, "library": {op: n}}

Scripts run through trace_runner.py (runpy, so output is unchanged), which logs each trace's
graph: "ops" counts the op types of the traced graph's own nodes, "library" those of every
function in its library flattened (If/While branches, nested calls). Object addresses printed by
TF ("<function f at 0x7f...>", e.g. in the retrace warning) are normalised to "at 0x..." in stdout
and stderr, here and in run_corpus.py, and so are the random names of AutoGraph's generated
modules ("__autograph_generated_file5w1jo1b0.py" -> "__autograph_generated_file....py").

Lines TensorFlow itself writes to stderr at start-up (absl/oneDNN log lines) are stripped
before anything is looked at; run_corpus.py applies the same filter to GraphLens's stderr.

Corpus rules it checks: only err_* scripts may exit non-zero (and then with 1); only err_* and
*stderr* scripts may write to stderr. Files are only rewritten when their content changes, and
recordings whose script is gone are removed, so it is safe to re-run at any time:

    tests/oracle/venv/bin/python tests/oracle/record_corpus.py [-j 2] [-k SUBSTRING]... [--once]

run_corpus.py imports the helpers below, so both read a run the same way.
"""
import argparse
import json
import multiprocessing
import os
import re
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CORPUS_DIR = os.path.join(ROOT, "tests", "corpus")
SCRIPTS = os.path.join(CORPUS_DIR, "scripts")
EXPECTED = os.path.join(CORPUS_DIR, "expected")
SHAPES = os.path.join(CORPUS_DIR, "shapes")  # record_shapes.py's static shapes of traced graphs
VENV_PYTHON = os.path.join(HERE, "venv", "bin", "python")
TRACE_RUNNER = os.path.join(HERE, "trace_runner.py")
TRACE_OUT_ENV = "GRAPHLENS_TRACE_OUT"
TIMEOUT_S = 180

GROUPS = ("ops", "grad", "var", "tape", "print", "np", "data", "keras", "seed", "err", "api", "fn")
SCRIPT_NAME = re.compile(r"^(%s)_[a-z0-9_]+\.py$" % "|".join(GROUPS))

# What TensorFlow (absl logging, oneDNN notice) writes to stderr by itself.
TF_NOISE = re.compile(
    r"^(WARNING: All log messages before absl::InitializeLog\(\) is called are written to STDERR"
    r"|[IWEF]\d{4} \d\d:\d\d:\d+\.\d+\s+\d+ [\w.\-]+:\d+\] .*"
    r"|To enable the following instructions: .*"
    r"|oneDNN custom operations are on.*)$")

RUN_ENV = {
    "TF_CPP_MIN_LOG_LEVEL": "3",
    "CUDA_VISIBLE_DEVICES": "-1",
    "TF_ENABLE_ONEDNN_OPTS": "0",
    "PYTHONHASHSEED": "0",
    "PYTHONIOENCODING": "utf-8",
    "LC_ALL": "C.UTF-8",
    "COLUMNS": "100",
    "LINES": "50",
}


def corpus_scripts(pattern=None):
    names = sorted(n for n in os.listdir(SCRIPTS) if n.endswith(".py"))
    bad = [n for n in names if not SCRIPT_NAME.match(n)]
    if bad:
        raise SystemExit(f"corpus script names must be GROUP_topic.py with GROUP in {GROUPS}: {bad}")
    if pattern:
        patterns = [pattern] if isinstance(pattern, str) else list(pattern)
        names = [n for n in names if any(p in n for p in patterns)]
    return names


def is_error_case(name):
    return name.startswith("err_")


def records_stderr(name):
    return "stderr" in name


# Object addresses differ from run to run: "<function f at 0x7f3a...>" -> "<function f at 0x...>".
ADDRESS = re.compile(r"\bat 0x[0-9a-fA-F]+")


# AutoGraph's generated modules get random names: "__autograph_generated_file5w1jo1b0.py".
AUTOGRAPH_FILE = re.compile(r"__autograph_generated_file\w+\.py")


def normalise_addresses(text):
    # The scripts' own absolute paths (in tracebacks and TF's "in user code:" frames) depend on
    # where the checkout is: "<checkout>/tests/corpus/scripts/a.py" -> "<scripts>/a.py".
    text = text.replace(os.path.realpath(SCRIPTS) + os.sep, "<scripts>/")
    return AUTOGRAPH_FILE.sub("__autograph_generated_file....py", ADDRESS.sub("at 0x...", text))


def filter_stderr(text):
    return "".join(l for l in text.splitlines(keepends=True) if not TF_NOISE.match(l.rstrip("\r\n")))


def last_nonempty_line(text):
    for line in reversed(text.splitlines()):
        if line.strip():
            return line.rstrip()
    return ""


def decode(data):
    return data.decode("utf-8", errors="backslashreplace")


def make_record(name, stdout, stderr, exit_code):
    stderr = normalise_addresses(filter_stderr(stderr))
    stdout = normalise_addresses(stdout)
    rec = {
        "exit": exit_code,
        "exception_last_line": last_nonempty_line(stderr) if exit_code != 0 else "",
        "stdout": stdout,
    }
    if records_stderr(name):
        rec["stderr"] = stderr
    rec["_stderr"] = stderr  # not written; used for the corpus rules
    return rec


def run_script(argv, name, timeout=TIMEOUT_S, extra_env=None):
    """Run argv (which names the script) in SCRIPTS; a record, or one with an 'error' key."""
    env = dict(os.environ, **RUN_ENV, **(extra_env or {}))
    try:
        proc = subprocess.run(argv, cwd=SCRIPTS, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        rec = make_record(name, decode(e.stdout or b""), decode(e.stderr or b""), None)
        rec["error"] = f"timed out after {timeout} s"
        return rec
    except OSError as e:
        rec = make_record(name, "", "", None)
        rec["error"] = f"could not run {argv[0]}: {e}"
        return rec
    return make_record(name, decode(proc.stdout), decode(proc.stderr), proc.returncode)


def python_argv(python, name):
    return [python, "-X", "utf8", name]


def traced_python_argv(python, name):
    return [python, "-X", "utf8", TRACE_RUNNER, name]


def read_trace_lines(path):
    """The traces trace_runner.py logged (one JSON object per line), [] when there are none."""
    try:
        with open(path, encoding="utf-8") as f:
            return [json.loads(line) for line in f if line.strip()]
    except FileNotFoundError:
        return []


def run_traced(python, name, timeout=TIMEOUT_S):
    """Run the script under real TF through trace_runner.py; the record gains "traces" if any."""
    with tempfile.TemporaryDirectory(prefix="corpus-trace-") as tmp:
        out = os.path.join(tmp, "traces.jsonl")
        rec = run_script(traced_python_argv(python, name), name, timeout, {TRACE_OUT_ENV: out})
        traces = read_trace_lines(out)
    if traces:
        rec["traces"] = traces
    return rec


def expected_path(name):
    return os.path.join(EXPECTED, name[:-3] + ".json")


def shapes_path(name):
    return os.path.join(SHAPES, name[:-3] + ".json")


def dump_json(rec):
    keep = {k: v for k, v in rec.items() if not k.startswith("_") and k != "error"}
    return json.dumps(keep, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def write_if_changed(path, text):
    """Writes text to path unless it holds it already; "new", "updated" or None (unchanged)."""
    old = None
    if os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            old = f.read()
    if old == text:
        return None
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    return "updated" if old is not None else "new"


def remove_stale(folder, names):
    """Removes the NAME.json files of `folder` whose script is not among `names` (NAME.py)."""
    wanted = {n[:-3] + ".json" for n in names}
    for stale in sorted(set(os.listdir(folder)) - wanted):
        if stale.endswith(".json"):
            os.remove(os.path.join(folder, stale))
            print(f"removed stale {stale}")


def load_expected(name):
    with open(expected_path(name), encoding="utf-8") as f:
        return json.load(f)


def corpus_rule_problems(name, rec):
    if rec.get("error"):
        return [rec["error"]]
    problems = []
    if is_error_case(name):
        if rec["exit"] not in (0, 1):
            problems.append(f"exit status {rec['exit']}: error cases exit 0 (caught) or 1 (escaped)")
    elif rec["exit"] != 0:
        problems.append(f"exit status {rec['exit']} (only err_* scripts may fail): "
                        f"{last_nonempty_line(rec['_stderr'])}")
    if not is_error_case(name) and not records_stderr(name) and rec["_stderr"].strip():
        problems.append(f"unexpected stderr: {last_nonempty_line(rec['_stderr'])!r:.200}")
    if not rec["stdout"] and rec["exit"] == 0 and not records_stderr(name):
        problems.append("prints nothing")
    return problems


def _run(args):
    python, name = args
    return name, run_traced(python, name)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--python", default=VENV_PYTHON, help="Python with tensorflow 2.21 (default: the oracle venv)")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel runs (default 2)")
    ap.add_argument("-k", dest="pattern", action="append",
                    help="only scripts whose name contains this (repeatable: any of them)")
    ap.add_argument("--once", action="store_true", help="run each script once (skips the determinism check)")
    args = ap.parse_args()

    version = subprocess.run([args.python, "-c", "import tensorflow as tf; print(tf.__version__)"],
                             capture_output=True, text=True, env=dict(os.environ, **RUN_ENV))
    tf_version = version.stdout.strip()
    if version.returncode != 0 or not tf_version.startswith("2.21."):
        raise SystemExit(f"{args.python} does not have TensorFlow 2.21 (got {tf_version or version.stderr[-300:]!r})")

    names = corpus_scripts(args.pattern)
    os.makedirs(EXPECTED, exist_ok=True)
    jobs = [(args.python, n) for n in names]
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        first = dict(pool.map(_run, jobs))
        second = first if args.once else dict(pool.map(_run, jobs))

    failures = written = 0
    for name in names:
        rec = first[name]
        problems = corpus_rule_problems(name, rec)
        if not problems and dump_json(rec) != dump_json(second[name]):
            a, b = dump_json(rec), dump_json(second[name])
            problems.append("not deterministic: two runs differ")
        if problems:
            failures += 1
            for p in problems:
                print(f"{name}: {p}")
            continue
        path = expected_path(name)
        change = write_if_changed(path, dump_json(rec))
        if change:
            written += 1
            print(f"{change} {os.path.basename(path)}")

    if not args.pattern:
        remove_stale(EXPECTED, names)

    print(f"recorded {len(names) - failures} of {len(names)} scripts with TensorFlow {tf_version} "
          f"({written} files changed, {failures} rejected)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
