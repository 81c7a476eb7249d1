#!/usr/bin/env python3
"""Run the language conformance corpus and compare with CPython 3.11's recordings.

    run_conformance.py --cli build/dev/app/graphlens-cli   # GraphLens against the corpus
    run_conformance.py --python [python3]                     # self-test of the recordings

--cli runs `graphlens-cli run NNN_name.py` (cwd tests/lang/corpus) for each corpus script and
compares with tests/lang/expected/NNN_name.json: stdout exactly, the last non-empty stderr line,
the exit code and, for SyntaxError/IndentationError, the line number of the error. With
--tracebacks it also compares every (line, function) pair of the traceback. It then runs each
tests/lang/sandbox/NNN_name.py (cwd tests/lang/sandbox), which GraphLens must refuse: exit code 1
and a last stderr line that starts with the exception type of its `# expect: Type: fragment`
header and contains the fragment (`# expect: A|B: fragment` accepts either type; an optional
`# timeout: S` header gives the seconds allowed, default 60). Sandbox runs get an address-space
limit (--memory-limit-mb) as a safety net for the memory-cap scripts.

--python runs the corpus with CPython itself and checks that it reproduces every recording
(stdout, stderr last line, exit code, all traceback pairs), that the corpus rules hold (error
cases exit 1, others 0; an expected file for every script and no stale ones) and that every
sandbox script has a well-formed header. It exits 77 (skipped) if that Python is not 3.11.

--list-missing prints only the names of the failing scripts with a one-line reason: the list of
features still missing. The last line of output is always `N passed, M failed`; the exit status
is 0 when nothing failed, 1 otherwise, 2 on bad usage.
"""
import argparse
import multiprocessing
import os
import re
import subprocess
import sys

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import record_cpython as rc  # noqa: E402  (shared run/parse helpers and the corpus rules)

CLI_TIMEOUT_S = 30
SANDBOX_TIMEOUT_S = 60
SKIP = 77
EXPECT_HEADER = re.compile(r"^#\s*expect:\s*(?P<types>[A-Za-z_][\w|]*)(?::\s*(?P<fragment>.*?))?\s*$")
TIMEOUT_HEADER = re.compile(r"^#\s*timeout:\s*(?P<s>\d+)\s*$")


def sandbox_scripts(pattern=None):
    if not os.path.isdir(rc.SANDBOX):
        return []
    names = sorted(n for n in os.listdir(rc.SANDBOX) if n.endswith(".py"))
    return [n for n in names if not pattern or pattern in n]


def sandbox_header(name):
    """(types, fragment, timeout) from the leading comment block, or a string saying what is wrong."""
    types = fragment = None
    timeout = SANDBOX_TIMEOUT_S
    with open(os.path.join(rc.SANDBOX, name), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                break
            m = EXPECT_HEADER.match(line)
            if m:
                if types is not None:
                    return "more than one '# expect:' header"
                types = m.group("types").split("|")
                fragment = m.group("fragment") or ""
            m = TIMEOUT_HEADER.match(line)
            if m:
                timeout = int(m.group("s"))
    if types is None:
        return "no '# expect: Type: fragment' header in the leading comments"
    return types, fragment, timeout


def first_difference(expected, actual):
    exp, act = expected.splitlines(keepends=True), actual.splitlines(keepends=True)
    for i, (e, a) in enumerate(zip(exp, act)):
        if e != a:
            return f"stdout line {i + 1}: expected {e!r:.120}, got {a!r:.120}"
    if len(exp) != len(act):
        i = min(len(exp), len(act))
        more = exp[i] if len(exp) > len(act) else act[i]
        which = "missing" if len(exp) > len(act) else "extra"
        return f"stdout line {i + 1}: {which} {more!r:.120} ({len(exp)} lines expected, {len(act)} got)"
    return "stdout differs"


def compare(expected, actual, all_traceback_pairs):
    problems = []
    if actual.get("error"):
        problems.append(actual["error"])
    if actual["stdout"] != expected["stdout"]:
        problems.append(first_difference(expected["stdout"], actual["stdout"]))
    if actual["stderr_last_line"] != expected["stderr_last_line"]:
        problems.append(f"stderr last line: expected {expected['stderr_last_line']!r:.160}, "
                        f"got {actual['stderr_last_line']!r:.160}")
    if actual["exit_code"] != expected["exit_code"]:
        problems.append(f"exit code: expected {expected['exit_code']}, got {actual['exit_code']}")
    exp_tb, act_tb = expected["traceback_lines"], actual["traceback_lines"]
    if all_traceback_pairs:
        if exp_tb != act_tb:
            problems.append(f"traceback (line, function): expected {exp_tb}, got {act_tb}")
    elif expected["stderr_last_line"].startswith(rc.SYNTAX_ERRORS) and exp_tb:
        got = act_tb[-1][0] if act_tb else None
        if got != exp_tb[-1][0]:
            problems.append(f"syntax error line: expected {exp_tb[-1][0]}, got {got}")
    return problems


def check_corpus_script(job):
    mode, exe, name, tracebacks = job
    try:
        expected = rc.load_expected(name)
    except FileNotFoundError:
        return name, ["no recording in tests/lang/expected (run record_cpython.py)"]
    if mode == "python":
        actual = rc.run_script(rc.python_argv(exe, name), name, rc.CORPUS, rc.TIMEOUT_S)
        problems = rc.corpus_rule_problems(name, actual) if not actual.get("error") else []
        return name, compare(expected, actual, True) + problems
    actual = rc.run_script([exe, "run", name], name, rc.CORPUS, CLI_TIMEOUT_S)
    return name, compare(expected, actual, tracebacks)


def check_sandbox_script(job):
    mode, exe, name, memory_limit_mb = job
    label = "sandbox/" + name
    header = sandbox_header(name)
    if isinstance(header, str):
        return label, [header]
    if mode == "python":
        return label, []  # CPython would happily run these; only the header is checked
    types, fragment, timeout = header
    actual = rc.run_script([exe, "run", name], name, rc.SANDBOX, timeout, memory_limit_mb)
    problems = []
    if actual.get("error"):
        problems.append(actual["error"])
    last = actual["stderr_last_line"]
    type_ok = any(last == t or last.startswith(t + ":") for t in types)
    if not type_ok or fragment not in last:
        want = "|".join(types) + (f": ...{fragment}..." if fragment else "")
        problems.append(f"stderr last line: expected {want!r:.160}, got {last!r:.160}")
    if actual["exit_code"] != 1:
        problems.append(f"exit code: expected 1, got {actual['exit_code']}")
    return label, problems


def recording_set_problems(names):
    """Recordings without scripts and scripts without recordings (full runs only)."""
    have = {n for n in os.listdir(rc.EXPECTED) if n.endswith(".json")} if os.path.isdir(rc.EXPECTED) else set()
    want = {n[:-3] + ".json" for n in names}
    return [(f"expected/{n}", ["stale recording: its script is gone"]) for n in sorted(have - want)]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--cli", metavar="PATH", help="graphlens-cli to test")
    mode.add_argument("--python", metavar="PATH", nargs="?", const="python3",
                      help="self-test: run the corpus with this CPython 3.11 (default python3)")
    ap.add_argument("--list-missing", action="store_true",
                    help="print only the failing scripts, one per line, with a short reason")
    ap.add_argument("--tracebacks", action="store_true",
                    help="(--cli) also compare every traceback (line, function) pair")
    ap.add_argument("-k", dest="pattern", help="only scripts whose name contains this")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="parallel runs (default 2)")
    ap.add_argument("--no-sandbox", action="store_true", help="skip tests/lang/sandbox")
    ap.add_argument("--known-failures", metavar="FILE",
                    help="(--cli) scripts listed here (one name per line, '#' comments) are expected to "
                         "fail: they count as 'expected failures', and one that passes is reported as "
                         "a failure so the list stays honest")
    ap.add_argument("--memory-limit-mb", type=int, default=8192,
                    help="address-space cap for sandbox runs, so a broken memory cap fails the test "
                         "instead of exhausting the machine (default 8192; 0 = none, e.g. for ASan)")
    args = ap.parse_args()

    if args.cli:
        exe = os.path.abspath(args.cli)
        if not os.access(exe, os.X_OK):
            print(f"run_conformance: {args.cli} is not an executable", file=sys.stderr)
            return 2
        kind = "cli"
    else:
        exe = args.python
        try:
            version = rc.check_python_version(exe)
        except (OSError, subprocess.CalledProcessError) as e:
            print(f"run_conformance: cannot run {exe}: {e}", file=sys.stderr)
            return 2
        if version != rc.REQUIRED_VERSION:
            print(f"skipped: {exe} is Python {version[0]}.{version[1]}; the recordings are from "
                  f"CPython {rc.REQUIRED_VERSION[0]}.{rc.REQUIRED_VERSION[1]}")
            return SKIP
        kind = "python"

    names = rc.corpus_scripts(args.pattern)
    sandbox = [] if args.no_sandbox else sandbox_scripts(args.pattern)
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        results = pool.map(check_corpus_script, [(kind, exe, n, args.tracebacks) for n in names])
        results += pool.map(check_sandbox_script,
                            [(kind, exe, n, args.memory_limit_mb) for n in sandbox])
    if kind == "python" and not args.pattern:
        results += recording_set_problems(names)

    known = set()
    if args.known_failures and kind == "cli":
        with open(args.known_failures, encoding="utf-8") as f:
            known = {line.split("#", 1)[0].strip() for line in f} - {""}
    expected_failures = [name for name, problems in results if problems and name in known]
    results = [(name, ["listed in known failures but passes now: remove it from the list"])
               if name in known and not problems else (name, problems)
               for name, problems in results if not (problems and name in known)]
    for name in expected_failures:
        print(f"expected failure: {name}")
    failed = [(name, problems) for name, problems in results if problems]
    for name, problems in failed:
        if args.list_missing:
            print(f"{name}: {problems[0]}")
        else:
            print(f"FAIL {name}")
            for p in problems[:4]:
                print(f"    {p}")
    if expected_failures:
        print(f"({len(expected_failures)} expected failures, see {args.known_failures})")
    print(f"{len(results) - len(failed)} passed, {len(failed)} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
