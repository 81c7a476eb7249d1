"""Records real TensorFlow's loss curves for tests/corpus/curves/*.py: each script prints one
loss per line; the list goes to tests/corpus/curves/expected/NAME.json. Run with the oracle venv:
    tests/oracle/venv/bin/python tests/oracle/record_curves.py"""
import glob
import importlib.metadata
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
CURVES = os.path.join(os.path.dirname(HERE), "corpus", "curves")
ENV = dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES="-1", TF_ENABLE_ONEDNN_OPTS="0",
           PYTHONHASHSEED="0")


def main():
    for script in sorted(glob.glob(os.path.join(CURVES, "*.py"))):
        runs = []
        for _ in range(2):
            proc = subprocess.run([sys.executable, os.path.basename(script)], cwd=CURVES, env=ENV,
                                  capture_output=True, text=True, timeout=600, check=True)
            runs.append([float(line) for line in proc.stdout.split()])
        if runs[0] != runs[1]:
            sys.exit(f"{script}: two runs differ; not deterministic")
        name = os.path.splitext(os.path.basename(script))[0]
        out = {"tensorflow": importlib.metadata.version("tensorflow-cpu"), "values": runs[0]}
        with open(os.path.join(CURVES, "expected", name + ".json"), "w") as f:
            json.dump(out, f, indent=0)
            f.write("\n")
        print(f"{name}: {len(runs[0])} values")


if __name__ == "__main__":
    main()
