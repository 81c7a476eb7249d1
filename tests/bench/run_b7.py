#!/usr/bin/env python3
"""B7 (part): reading and analysing a large GPU profile, GraphLens against HTA in the same run.

Writes a Kineto-shaped trace (PyTorch profiler JSON: cuda_runtime launches on one host thread,
kernels and memcpys on two streams with correlation ids and ac2g flows, ProfilerStep#N slices) of
N launches, then times `graphlens-cli timeline --json` on it and, when the HTA venv exists
(tests/oracle/hta-venv, `pip install HolisticTraceAnalysis==0.5.0`), HTA 0.5.0's
get_temporal_breakdown + get_idle_time_breakdown on the same file; prints seconds, seconds per
million events, the ratio, and whether the two agree on idle time.

usage: run_b7.py BUILD_DIR [--launches N ...]
"""
import gzip
import json
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
HTA_PYTHON = os.path.join(HERE, "..", "oracle", "hta-venv", "bin", "python")


def write_trace(path, launches, seed=7):
    rng = random.Random(seed)
    events = [
        {"ph": "M", "name": "process_name", "pid": 100, "tid": 0, "args": {"name": "python"}},
        {"ph": "M", "name": "process_name", "pid": 0, "tid": 0, "args": {"name": "GPU 0"}},
    ]
    t = 1_000_000.0
    gpu_free = {7: 0.0, 20: 0.0}
    steps = 10
    per_step = max(1, launches // steps)
    step_start = t
    for i in range(launches):
        if i % per_step == 0:
            if i:
                events.append({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d" % (i // per_step),
                               "pid": 100, "tid": 100, "ts": step_start, "dur": t - step_start})
            step_start = t
        corr = i + 1
        dur_cpu = rng.uniform(3, 8)
        events.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "pid": 100, "tid": 100,
                       "ts": round(t, 3), "dur": round(dur_cpu, 3), "args": {"correlation": corr}})
        stream = 7 if rng.random() < 0.8 else 20
        start = max(gpu_free[stream], t + dur_cpu + rng.uniform(1, 20))
        dur = rng.uniform(2, 40)
        memcpy = rng.random() < 0.1
        events.append({"ph": "X", "cat": "gpu_memcpy" if memcpy else "kernel",
                       "name": "Memcpy HtoD (Pageable -> Device)" if memcpy else "kernel_%d" % rng.randrange(50),
                       "pid": 0, "tid": stream, "ts": round(start, 3), "dur": round(dur, 3),
                       "args": {"stream": stream, "device": 0, "correlation": corr}})
        events.append({"ph": "s", "id": corr, "pid": 100, "tid": 100, "ts": round(t, 3), "cat": "ac2g", "name": "ac2g"})
        events.append({"ph": "f", "id": corr, "pid": 0, "tid": stream, "ts": round(start, 3), "cat": "ac2g",
                       "name": "ac2g", "bp": "e"})
        gpu_free[stream] = start + dur
        t += dur_cpu + rng.uniform(0, 30)
    events.append({"ph": "X", "cat": "user_annotation", "name": "ProfilerStep#%d" % steps, "pid": 100, "tid": 100,
                   "ts": step_start, "dur": t - step_start})
    with gzip.open(path, "wt") as f:
        json.dump({"schemaVersion": 1, "traceEvents": events}, f)
    return len(events)


def time_graphlens(cli, path):
    start = time.monotonic()
    out = subprocess.run([cli, "timeline", "--json", path], check=True, stdout=subprocess.PIPE).stdout
    seconds = time.monotonic() - start
    gpu = json.loads(out)["gpu"]
    return seconds, gpu["idle_ms"] * 1000.0  # µs


HTA_SCRIPT = r"""
import sys, time, os
os.environ["HTA_DISABLE_NS_ROUNDING"] = "1"
start = time.monotonic()
from hta.trace_analysis import TraceAnalysis
analyzer = TraceAnalysis(trace_files={0: sys.argv[1]}, trace_dir=os.path.dirname(sys.argv[1]))
temporal = analyzer.get_temporal_breakdown(visualize=False)
analyzer.get_idle_time_breakdown(ranks=[0], visualize=False)
print(time.monotonic() - start, float(temporal["idle_time(us)"].iloc[0]))
"""


def time_hta(path):
    if not os.path.exists(HTA_PYTHON):
        return None
    p = subprocess.run([HTA_PYTHON, "-c", HTA_SCRIPT, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode != 0:
        print("  HTA failed: " + p.stderr.strip().splitlines()[-1] if p.stderr.strip() else "  HTA failed")
        return None
    seconds, idle = p.stdout.split()[-2:]
    return float(seconds), float(idle)


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    cli = os.path.join(sys.argv[1], "app", "graphlens-cli")
    sizes = [100_000, 1_000_000]
    if "--launches" in sys.argv:
        sizes = [int(v) for v in sys.argv[sys.argv.index("--launches") + 1:]]
    print("B7 profile reading and GPU analysis (Kineto JSON, gzipped): graphlens-cli timeline vs HTA 0.5.0")
    with tempfile.TemporaryDirectory() as tmp:
        for launches in sizes:
            path = os.path.join(tmp, "rank-0.bench_%d.pt.trace.json.gz" % launches)
            events = write_trace(path, launches)
            seconds, idle = time_graphlens(cli, path)
            line = "  %8d launches, %9d events: GraphLens %6.2f s (%.2f s per million events)" % (
                launches, events, seconds, seconds / (events / 1e6))
            hta = time_hta(path)
            if hta:
                hta_seconds, hta_idle = hta
                agree = abs(hta_idle - idle) <= max(1.0, 1e-3 * abs(hta_idle))
                line += " | HTA %7.2f s | GraphLens %.1fx faster | idle %.1f vs %.1f us (%s)" % (
                    hta_seconds, hta_seconds / seconds, idle, hta_idle, "agree" if agree else "DIFFER")
            else:
                line += " | HTA not installed (tests/oracle/hta-venv)"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
