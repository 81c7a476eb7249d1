#!/usr/bin/env python3
"""Record what CPython 3.11 does with each script of the language conformance corpus.

For every tests/lang/corpus/NNN_name.py this runs

    python3 -I -S -X utf8 NNN_name.py          (cwd = tests/lang/corpus, timeout 10 s)

twice (a script whose two runs differ is not deterministic and is rejected), and writes
tests/lang/expected/NNN_name.json:

    {"exit_code": int,
     "stderr_last_line": last non-empty line of stderr, or "",
     "stdout": everything the script printed to stdout,
     "traceback_lines": [[line, function], ...]}   # the '  File "NNN_name.py", line N, in f'
                                                   # lines of the script's own file, in order;
                                                   # function is null for SyntaxError frames

It also checks the corpus rules: scripts named NNN_err_*.py must end with an uncaught exception
(exit code 1), every other script must exit 0, and only scripts with "stderr" in their name may
write to stderr. Expected files whose script is gone are removed.

    python3 tests/lang/record_cpython.py [--python PATH] [-j N] [-k SUBSTRING]

run_conformance.py imports the helpers below, so both agree on how a run is read.
"""
import argparse
import json
import multiprocessing
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
EXPECTED = os.path.join(HERE, "expected")
SANDBOX = os.path.join(HERE, "sandbox")
TIMEOUT_S = 10
REQUIRED_VERSION = (3, 11)

SCRIPT_NAME = re.compile(r"^\d{3}_[a-z0-9_]+\.py$")
FILE_LINE = re.compile(r'^\s*File "(?P<file>[^"]*)", line (?P<line>\d+)(?:, in (?P<func>.+))?\s*$')
SYNTAX_ERRORS = ("SyntaxError", "IndentationError", "TabError")


def corpus_scripts(pattern=None):
    names = sorted(n for n in os.listdir(CORPUS) if n.endswith(".py"))
    bad = [n for n in names if not SCRIPT_NAME.match(n)]
    if bad:
        raise SystemExit(f"corpus file names must look like NNN_topic_name.py: {bad}")
    if pattern:
        names = [n for n in names if pattern in n]
    return names


def is_error_case(name):
    return "_err_" in name


def may_write_stderr(name):
    return is_error_case(name) or "stderr" in name


def last_nonempty_line(text):
    for line in reversed(text.splitlines()):
        if line.strip():
            return line.rstrip()
    return ""


def traceback_lines(stderr, script_name):
    """(line, function) of each traceback frame that lies in the script itself."""
    pairs = []
    for line in stderr.splitlines():
        m = FILE_LINE.match(line)
        if m and os.path.basename(m.group("file")) == script_name:
            pairs.append([int(m.group("line")), m.group("func")])
    return pairs


def result_record(stdout, stderr, exit_code, script_name):
    return {
        "exit_code": exit_code,
        "stderr_last_line": last_nonempty_line(stderr),
        "stdout": stdout,
        "traceback_lines": traceback_lines(stderr, script_name),
    }


def decode(data):
    return data.decode("utf-8", errors="backslashreplace")


def _address_space_limit(megabytes):
    def apply():
        import resource
        limit = megabytes * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return apply


def run_script(argv, script_name, cwd, timeout, memory_limit_mb=0):
    """Run argv (which names script_name); return a result record, or one with exit_code None
    and an 'error' key when it timed out or could not start. A memory_limit_mb > 0 caps the
    child's address space, so a runaway script fails instead of exhausting the machine."""
    env = dict(os.environ, PYTHONHASHSEED="0", PYTHONIOENCODING="utf-8", LC_ALL="C.UTF-8")
    preexec = _address_space_limit(memory_limit_mb) if memory_limit_mb > 0 else None
    try:
        proc = subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                              capture_output=True, timeout=timeout, preexec_fn=preexec)
    except subprocess.TimeoutExpired as e:
        rec = result_record(decode(e.stdout or b""), decode(e.stderr or b""), None, script_name)
        rec["error"] = f"timed out after {timeout} s"
        return rec
    except OSError as e:
        return {"exit_code": None, "error": f"could not run {argv[0]}: {e}",
                "stdout": "", "stderr_last_line": "", "traceback_lines": []}
    return result_record(decode(proc.stdout), decode(proc.stderr), proc.returncode, script_name)


def python_argv(python, name):
    return [python, "-I", "-S", "-X", "utf8", name]


def run_with_python(args):
    python, name = args
    return name, run_script(python_argv(python, name), name, CORPUS, TIMEOUT_S)


def check_python_version(python):
    out = subprocess.run([python, "-c", "import sys; print(sys.version_info[0], sys.version_info[1])"],
                         capture_output=True, text=True, check=True).stdout.split()
    return tuple(int(x) for x in out)


def corpus_rule_problems(name, rec):
    """Problems with a recording that break the corpus rules (not with an implementation)."""
    problems = []
    if rec.get("error"):
        problems.append(rec["error"])
        return problems
    want = 1 if is_error_case(name) else 0
    if rec["exit_code"] != want:
        problems.append(f"exit code {rec['exit_code']}, corpus rule says {want}")
    if not may_write_stderr(name) and rec["stderr_last_line"]:
        problems.append(f"unexpected stderr: {rec['stderr_last_line']}")
    if is_error_case(name) and not rec["stderr_last_line"]:
        problems.append("error case printed nothing to stderr")
    if "Did you mean" in rec["stderr_last_line"]:
        problems.append("message carries a CPython name suggestion; rename so none applies")
    return problems


def expected_path(name):
    return os.path.join(EXPECTED, name[:-3] + ".json")


def dump_json(record):
    keep = {k: record[k] for k in ("exit_code", "stderr_last_line", "stdout", "traceback_lines")}
    return json.dumps(keep, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def load_expected(name):
    with open(expected_path(name), encoding="utf-8") as f:
        return json.load(f)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--python", default="python3", help="CPython 3.11 to record with (default: python3)")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("-k", dest="pattern", help="only scripts whose name contains this")
    ap.add_argument("--force", action="store_true", help="record even if the Python is not 3.11")
    args = ap.parse_args()

    version = check_python_version(args.python)
    if version != REQUIRED_VERSION and not args.force:
        raise SystemExit(f"{args.python} is Python {version[0]}.{version[1]}; recordings must come "
                         f"from CPython {REQUIRED_VERSION[0]}.{REQUIRED_VERSION[1]} (or pass --force)")

    names = corpus_scripts(args.pattern)
    os.makedirs(EXPECTED, exist_ok=True)
    jobs = [(args.python, n) for n in names]
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        first = dict(pool.map(run_with_python, jobs))
        second = dict(pool.map(run_with_python, jobs))

    failures = 0
    for name in names:
        rec = first[name]
        problems = corpus_rule_problems(name, rec)
        if dump_json(rec) != dump_json(second[name]):
            problems.append("not deterministic: two runs differ")
        if problems:
            failures += 1
            for p in problems:
                print(f"{name}: {p}")
            continue
        with open(expected_path(name), "w", encoding="utf-8") as f:
            f.write(dump_json(rec))

    if not args.pattern:
        wanted = {n[:-3] + ".json" for n in names}
        for stale in sorted(set(os.listdir(EXPECTED)) - wanted):
            if stale.endswith(".json"):
                os.remove(os.path.join(EXPECTED, stale))
                print(f"removed stale {stale}")

    errors = sum(1 for n in names if is_error_case(n))
    print(f"recorded {len(names) - failures} of {len(names)} scripts "
          f"({errors} error cases) with Python {version[0]}.{version[1]}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
