"""Shared by the benchmark runners that compare GraphLens with real TensorFlow (run_b4.py,
run_b5.py, run_b6.py): the environment they run in, and the figures a program prints ("name value" lines)."""
import os
import subprocess

ENV = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="-1", TF_ENABLE_ONEDNN_OPTS="0")


def figures(cmd, timeout=1200, env=None):
    # `env` replaces ENV for programs that need more variables set (B6's op profile).
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=ENV if env is None else env)
    if proc.returncode != 0:
        print("  failed:", " ".join(cmd), proc.stderr.strip().splitlines()[-1:] if proc.stderr else "")
        return {}
    out = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) == 2:
            try:
                out[parts[0]] = float(parts[1])
            except ValueError:
                pass
    return out
