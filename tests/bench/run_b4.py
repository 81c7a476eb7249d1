"""B4 tensor runtime benchmark: the same scripts (tests/bench/b4) run by graphlens-cli and by
real TensorFlow (the oracle venv) in one run, plus bench_ops (kernels against Eigen called
directly). Usage: run_b4.py BUILD_DIR [TF_PYTHON]  (TF_PYTHON defaults to tests/oracle/venv)."""
import os
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_figures import figures  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def main():
    build = sys.argv[1]
    tf_python = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "tests/oracle/venv/bin/python")
    cli = os.path.join(build, "app/graphlens-cli")
    have_tf = os.path.exists(tf_python)
    print("B4 tensor runtime: GraphLens vs TensorFlow (%s)" % (tf_python if have_tf else "not available"))
    subprocess.run([os.path.join(build, "tests/bench/bench_ops")], check=False)
    for script, higher_is_better in (("dispatch.py", True), ("kernels.py", True), ("mlp_epoch.py", False)):
        path = os.path.join(HERE, "b4", script)
        g = figures([cli, "run", path])
        t = figures([tf_python, path]) if have_tf else {}
        for key in sorted(set(g) | set(t)):
            gv, tv = g.get(key), t.get(key)
            line = f"{script:14s} {key:24s} GraphLens {gv if gv is not None else float('nan'):12.4f}"
            if tv is not None:
                line += f"  TF {tv:12.4f}"
                if gv and tv:
                    ratio = gv / tv if higher_is_better else tv / gv
                    line += f"  GraphLens/TF {ratio:6.2f}x"
            print(line)


if __name__ == "__main__":
    main()
