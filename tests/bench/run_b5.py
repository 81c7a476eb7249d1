"""B5 tracing benchmark: trace time of generated tf.functions of 100, 1,000 and 10,000 ops and the
per-call overhead of a cached concrete function, the same scripts run by graphlens-cli and by real
TensorFlow (the oracle venv) in one run. Usage: run_b5.py BUILD_DIR [TF_PYTHON]."""
import os
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_figures import figures  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SIZES = (100, 1000, 10000)


def trace_script(n):
    # n ops: a chain of n/2 (Mul, AddV2) pairs written out, so tracing (not a Python loop) is measured.
    body = "\n".join("    x = x * 1.0001 + 0.5" for _ in range(n // 2))
    return f"""import time
import tensorflow as tf


def f(x):
{body}
    return x


spec = tf.TensorSpec([4], tf.float32)
best = None
for rep in range(3):
    g = tf.function(f)
    t0 = time.perf_counter()
    g.get_concrete_function(spec)
    dt = time.perf_counter() - t0
    best = dt if best is None else min(best, dt)
print("trace_ms_{n}", best * 1000.0)
"""


CALL_SCRIPT = """import time
import tensorflow as tf


@tf.function
def ident(x):
    return x


@tf.function
def add_one(x):
    return x + 1.0


x = tf.constant(1.0)
for f, name in ((ident, "call_us_identity"), (add_one, "call_us_add_one")):
    f(x)
    best = None
    for rep in range(5):
        n = 20000
        t0 = time.perf_counter()
        for i in range(n):
            f(x)
        dt = (time.perf_counter() - t0) / n
        best = dt if best is None else min(best, dt)
    print(name, best * 1e6)
"""


def main():
    build = sys.argv[1]
    tf_python = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "tests/oracle/venv/bin/python")
    cli = os.path.join(build, "app/graphlens-cli")
    have_tf = os.path.exists(tf_python)
    print("B5 tracing: GraphLens vs TensorFlow (%s)" % (tf_python if have_tf else "not available"))
    with tempfile.TemporaryDirectory() as tmp:
        scripts = []
        for n in SIZES:
            p = os.path.join(tmp, f"trace_{n}.py")
            with open(p, "w") as f:
                f.write(trace_script(n))
            scripts.append(p)
        p = os.path.join(tmp, "call.py")
        with open(p, "w") as f:
            f.write(CALL_SCRIPT)
        scripts.append(p)
        for path in scripts:
            g = figures([cli, "run", "--max-steps", "0", path], timeout=3600)
            t = figures([tf_python, path], timeout=3600) if have_tf else {}
            for key in sorted(set(g) | set(t)):
                gv, tv = g.get(key), t.get(key)
                line = f"{key:20s} GraphLens {gv if gv is not None else float('nan'):12.3f}"
                if tv is not None:
                    line += f"  TF {tv:12.3f}"
                    if gv and tv:
                        line += f"  TF/GraphLens {tv / gv:7.1f}x faster"
                print(line, flush=True)


if __name__ == "__main__":
    main()
