"""B6 training and inference benchmark: the seed MLP's training (10000x20, batch 256, Dense
64-32-1, Adam, 5 epochs) and a small CNN's forward pass (Conv2D-BiasAdd-Relu x3 on 32x32x3, batch
64), each eager and as a tf.function, the same scripts run by graphlens-cli and by real TensorFlow
(the oracle venv) in one run. GraphLens graph mode also runs with the passes off
(disable_meta_optimizer), and once more with the executor's per-op timing, which says where the
time goes. Every timed program runs ROUNDS times (3; B6_ROUNDS overrides), the peers one after
the other in each round, and each time figure is the best of its rounds: on a shared machine
another tenant's burst then costs a round, not the comparison. Usage: run_b6.py BUILD_DIR
[TF_PYTHON]; run_b6.py --smoke BUILD_DIR checks that the scripts run and that eager and graph
agree (CTest)."""
import os
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_figures import ENV, figures  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCRIPTS = [os.path.join(HERE, "b6", name) for name in ("mlp_train.py", "cnn_forward.py")]


def variant(script, tmp, modes="eager graph", no_passes=False, small=False):
    # The script with its settings lines rewritten (GraphLens scripts cannot read the environment).
    with open(script) as f:
        text = f.read()
    text = text.replace('MODES = "eager graph"', "MODES = %r" % modes).replace("NO_PASSES = False", "NO_PASSES = %r" % no_passes)
    if small:
        text = text.replace("EPOCHS = 5", "EPOCHS = 1").replace("STEPS = 20", "STEPS = 1")
    name = "%s_%s%s%s" % (os.path.basename(script)[:-3], modes.replace(" ", "_"), "_nopass" if no_passes else "",
                          "_small" if small else "")
    path = os.path.join(tmp, name + ".py")
    with open(path, "w") as f:
        f.write(text)
    return path


def gl(cli, script, **env):
    return [cli, "run", "--max-steps", "0", script], dict(ENV, **env)


def run_figures(cmd_env, timeout=3600):
    # bench_figures.figures with this run's environment: "name value" lines of stdout.
    cmd, env = cmd_env
    return figures(cmd, timeout=timeout, env=env)


def profile(cli, script):
    cmd, env = gl(cli, script, GRAPHLENS_OP_PROFILE="1")
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=3600, env=env)
    lines = proc.stderr.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("graph executor kernel time")), None)
    return lines[start:] if start is not None else ["(no profile: %s)" % (lines[-1:] or "")]


def smoke(build):
    cli = os.path.join(build, "app/graphlens-cli")
    ok = True
    tmp = tempfile.mkdtemp()
    for script in SCRIPTS:
        g = run_figures(gl(cli, variant(script, tmp, small=True)), timeout=600)
        print(os.path.basename(script), g)
        for a, b in (("mlp_eager_final_loss", "mlp_graph_final_loss"), ("cnn_eager_sum", "cnn_graph_sum")):
            if a in g or b in g:
                if a not in g or b not in g or abs(g[a] - g[b]) > 1e-3 * max(1.0, abs(g[a])):
                    print("eager and graph disagree:", a, g.get(a), b, g.get(b))
                    ok = False
        if not g:
            ok = False
    return 0 if ok else 1


def main():
    if sys.argv[1] == "--smoke":
        sys.exit(smoke(sys.argv[2]))
    build = sys.argv[1]
    tf_python = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "tests/oracle/venv/bin/python")
    cli = os.path.join(build, "app/graphlens-cli")
    have_tf = os.path.exists(tf_python)
    print("B6: GraphLens vs TensorFlow (%s)" % (tf_python if have_tf else "not available"), flush=True)
    rounds = int(os.environ.get("B6_ROUNDS", "3"))
    print("best of %d rounds" % rounds, flush=True)
    results = {}

    def merge(prefix, figures_of_run):
        # Times (names ending in _s) keep their best round; results (loss, sum) their last.
        for k, v in figures_of_run.items():
            key = prefix + k
            results[key] = min(v, results[key]) if key.endswith("_s") and key in results else v

    tmp = tempfile.mkdtemp()
    for _ in range(rounds):
        for script in SCRIPTS:
            merge("", run_figures(gl(cli, script)))
            merge("nopass_", run_figures(gl(cli, variant(script, tmp, "graph", no_passes=True))))
            if have_tf:
                merge("tf_", run_figures(([tf_python, script], dict(ENV))))
                # For reference: TF's own default on x86 (oneDNN kernels); the goals are measured
                # against the build the corpus is recorded with (oneDNN off).
                merge("tfdnn_", run_figures(([tf_python, script], dict(ENV, TF_ENABLE_ONEDNN_OPTS="1"))))
    for key in sorted(results):
        print(f"{key:32s} {results[key]:12.5f}")

    def ratio(a, b):
        return results[a] / results[b] if a in results and b in results and results[b] else float("nan")

    print()
    for what, unit in (("mlp", "epoch_s"), ("cnn", "batch_s")):
        print(f"{what}: GraphLens graph vs eager       {ratio(f'{what}_eager_{unit}', f'{what}_graph_{unit}'):6.2f}x (goal >= 3x)")
        print(f"{what}: GraphLens graph vs TF graph    {ratio(f'tf_{what}_graph_{unit}', f'{what}_graph_{unit}'):6.2f}x (goal >= 2x)")
        print(f"{what}: ... vs TF graph, oneDNN on   {ratio(f'tfdnn_{what}_graph_{unit}', f'{what}_graph_{unit}'):6.2f}x (reference)")
        print(f"{what}: GraphLens passes on vs off     {ratio(f'nopass_{what}_graph_{unit}', f'{what}_graph_{unit}'):6.2f}x")
        print(f"{what}: TF graph vs TF eager           {ratio(f'tf_{what}_eager_{unit}', f'tf_{what}_graph_{unit}'):6.2f}x")
    # The best single epoch of each: the same ratios with less of the shared machine's noise.
    print(f"mlp: best epoch, graph vs eager     {ratio('mlp_eager_best_epoch_s', 'mlp_graph_best_epoch_s'):6.2f}x")
    print(f"mlp: best epoch, graph vs TF graph  {ratio('tf_mlp_graph_best_epoch_s', 'mlp_graph_best_epoch_s'):6.2f}x")
    for script in SCRIPTS:
        print()
        print("where the time goes,", os.path.basename(script), "(GraphLens graph mode, executor kernel time):")
        for line in profile(cli, variant(script, tmp, "graph")):
            print("  " + line)


if __name__ == "__main__":
    main()
