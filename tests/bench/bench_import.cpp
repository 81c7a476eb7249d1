// B1: parse + IR build time and peak RSS of real and generated graphs, with TensorFlow's own
// import of the same file measured in the same run when the oracle venv exists.
//
//   graphlens-bench-import            all B1 inputs (generates the 100k-node GraphDef with real TF)
//   graphlens-bench-import FILE...    just these files
//   graphlens-bench-import --smoke    one small fixture (CI keeps the benchmark alive)
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "core/graph/io/model_loader.h"

namespace fs = std::filesystem;

namespace {

struct Measurement {
    double seconds = 0;
    long peakRssKb = 0;
    long baselineRssKb = 0;
    size_t nodes = 0;
    bool ok = false;
};

long currentPeakKb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// Runs the load in a child process so each file's peak RSS is its own.
Measurement measure(const std::string& path, int repeats) {
    int fds[2];
    if (pipe(fds) != 0) return {};
    const pid_t pid = fork();
    if (pid == 0) {
        close(fds[0]);
        Measurement m;
        // Warm the built-in op registry outside the timed region; it is loaded once per process.
        graphlens::graph::OpRegistry::builtin();
        m.baselineRssKb = currentPeakKb();
        double best = 1e9;
        try {
            for (int i = 0; i < repeats; ++i) {
                const auto start = std::chrono::steady_clock::now();
                auto model = graphlens::io::loadModel(path);
                const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                best = std::min(best, s);
                if (i == 0) m.peakRssKb = currentPeakKb(); // later runs can only add heap fragmentation
                m.nodes = 0;
                for (const auto& meta : model->metaGraphs) {
                    m.nodes += meta.graph.size();
                    for (const auto& f : meta.library.functions()) m.nodes += static_cast<size_t>(f.nodeDefCount);
                }
            }
            m.ok = true;
        } catch (const std::exception& e) {
            std::fprintf(stderr, "%s\n", e.what());
        }
        m.seconds = best;
        if (write(fds[1], &m, sizeof m) != sizeof m) _exit(1);
        _exit(0);
    }
    close(fds[1]);
    Measurement m;
    if (read(fds[0], &m, sizeof m) != sizeof m) m.ok = false;
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    return m;
}

std::string venvPython() {
    const std::string python = std::string(GRAPHLENS_SOURCE_DIR) + "/tests/oracle/venv/bin/python";
    return fs::exists(python) ? python : std::string();
}

// TensorFlow's time to parse the same file and import it into a tf.Graph (the peer).
double tensorflowImportSeconds(const std::string& path) {
    const std::string python = venvPython();
    if (python.empty() || fs::is_directory(path)) return -1;
    const std::string script = std::string(GRAPHLENS_SOURCE_DIR) + "/tests/bench/tf_import_peer.py";
    const std::string command = python + " " + script + " '" + path + "' 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) return -1;
    double seconds = -1;
    if (std::fscanf(pipe, "%lf", &seconds) != 1) seconds = -1;
    pclose(pipe);
    return seconds;
}

void report(const std::string& label, const std::string& path, bool withPeer) {
    std::error_code ec;
    uintmax_t bytes = 0;
    if (fs::is_directory(path)) {
        for (const auto& e : fs::recursive_directory_iterator(path, ec))
            if (e.is_regular_file()) bytes += e.file_size();
    } else {
        bytes = fs::file_size(path, ec);
    }
    const Measurement m = measure(path, 3);
    if (!m.ok) {
        std::printf("%-28s FAILED to load %s\n", label.c_str(), path.c_str());
        return;
    }
    const double rssRatio = static_cast<double>(m.peakRssKb - m.baselineRssKb) * 1024.0 / static_cast<double>(bytes);
    std::printf("%-28s %8zu nodes %9.1f MB  load %8.1f ms  peak RSS %7.1f MB (+%6.1f MB over baseline, %4.1fx file)",
                label.c_str(), m.nodes, bytes / 1e6, m.seconds * 1e3, m.peakRssKb / 1024.0,
                (m.peakRssKb - m.baselineRssKb) / 1024.0, rssRatio);
    if (withPeer) {
        const double tf = tensorflowImportSeconds(path);
        if (tf > 0) std::printf("  | TF import %8.1f ms, GraphLens %.1fx faster", tf * 1e3, tf / m.seconds);
        else std::printf("  | TF peer not run (no oracle venv)");
    }
    std::printf("\n");
}

} // namespace

int main(int argc, char** argv) {
    const std::string fixtures = GRAPHLENS_FIXTURES_DIR;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (!args.empty() && args[0] == "--smoke") {
        const Measurement m = measure(fixtures + "/tfnet_meta_graphs/cond_test.meta", 1);
        std::printf("smoke: %zu nodes in %.2f ms\n", m.nodes, m.seconds * 1e3);
        return m.ok && m.nodes == 14 ? 0 : 1;
    }
    std::printf("B1 import: parse + IR build (best of 3), peak RSS in a fresh process\n");
    if (!args.empty()) {
        for (const auto& path : args) report(fs::path(path).filename().string(), path, true);
        return 0;
    }
    report("InceptionV3.meta (11k)", fixtures + "/tfnet_meta_graphs/InceptionV3.meta", true);
    report("lstm_crf_ner.meta", fixtures + "/tfnet_meta_graphs/lstm_crf_ner.meta", true);
    report("keras LSTM SavedModel", fixtures + "/tfnet_keras_lstm_saved_model", false);
    report("tfx estimator graph.pbtxt", fixtures + "/tfx_estimator_model_dir/graph.pbtxt", true);

    const std::string benchDir = GRAPHLENS_BENCH_DIR;
    const std::string big = benchDir + "/graph100k.pb";
    const std::string resnet = benchDir + "/resnet50";
    if ((!fs::exists(big) || !fs::exists(resnet)) && !venvPython().empty()) {
        std::printf(
            "generating the 100k-node GraphDef and ResNet50 with real TensorFlow (tests/oracle/gen_models.py)...\n");
        for (const char* what : { "graph100k", "resnet50" }) {
            const std::string out = benchDir + (std::string(what) == "graph100k" ? "/graph100k.pb" : "/resnet50");
            const std::string command = venvPython() + " " + GRAPHLENS_SOURCE_DIR + "/tests/oracle/gen_models.py " +
                what + " --out '" + out + "' > /dev/null 2>&1";
            if (std::system(command.c_str()) != 0) std::printf("generating %s failed\n", what);
        }
    }
    if (fs::exists(big)) report("generated GraphDef (100k)", big, true);
    else std::printf("generated GraphDef (100k): skipped, needs the oracle venv (tests/oracle/setup.sh)\n");
    if (fs::exists(resnet)) report("Keras ResNet50 SavedModel", resnet, false);
    else std::printf("Keras ResNet50 SavedModel: skipped, needs the oracle venv\n");
    return 0;
}
