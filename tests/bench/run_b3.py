"""B3 interpreter benchmark: each workload in tests/bench/b3 run by graphlens-cli and by CPython
(python3) side by side, best of 3 wall-clock runs each (process start included for both), with
the outputs compared. Usage: run_b3.py PATH/TO/graphlens-cli"""
import glob
import os
import subprocess
import sys
import time


def best_of(cmd, runs=3):
    best, out = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        best = min(best, time.perf_counter() - start)
        out = (proc.returncode, proc.stdout)
    return best, out


def main():
    cli = sys.argv[1]
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "b3")
    print("B3 interpreter: GraphLens vs CPython %s, best of 3 (goal: every ratio <= 2.0)" % sys.version.split()[0])
    worst = 0.0
    for script in sorted(glob.glob(os.path.join(here, "*.py"))):
        g, gout = best_of([cli, "run", script])
        p, pout = best_of([sys.executable, script])
        same = "same output" if gout == pout else "OUTPUT DIFFERS"
        ratio = g / p
        worst = max(worst, ratio)
        print(f"{os.path.basename(script):22s} GraphLens {g * 1e3:8.1f} ms  CPython {p * 1e3:8.1f} ms  "
              f"ratio {ratio:5.2f}x  ({same})")
    print(f"worst ratio {worst:.2f}x")


if __name__ == "__main__":
    main()
