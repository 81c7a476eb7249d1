// `graphlens-cli optimize`'s work (issue #18): load, the pass manager, and the before/after
// timeline, timed apart, on generated graphs (chains and rings of Identity nodes, which the
// pruner removes; a long elementwise chain and a wide fan-out/fan-in, which every pass sees) and on
// every fixture under GRAPHLENS_FIXTURES_DIR that optimize accepts (GraphDefs, SavedModels,
// MetaGraphs). Goal: ≤ 2 s each for the whole command.
//
//   bench_optimize            every generated graph (10k, 20k, 100k nodes) and every fixture
//   bench_optimize FILE...    just these models (files or SavedModel directories)
//   bench_optimize --smoke    small generated graphs and one small fixture (CI keeps it working)
//   --only TEXT               just the cases whose name contains TEXT (for profiling one)
//   --passes                  each pass's time too
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "core/graph/export.h"
#include "core/graph/io/model_loader.h"
#include "core/passes/manager.h"
#include "core/passes/pass_timeline.h"

namespace fs = std::filesystem;
using namespace graphlens;

namespace {

constexpr double kGoalSeconds = 2.0;
bool g_passTimes = false;

double since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

tensorflow::NodeDef& addNode(tensorflow::GraphDef& g, const std::string& name, const std::string& op,
                             const std::vector<std::string>& inputs = {}) {
    auto* n = g.add_node();
    n->set_name(name);
    n->set_op(op);
    for (const auto& in : inputs) n->add_input(in);
    (*n->mutable_attr())[op == "Placeholder" || op == "Const" ? "dtype" : "T"].set_type(tensorflow::DT_FLOAT);
    if (op == "Placeholder") (*n->mutable_attr())["shape"].mutable_shape()->add_dim()->set_size(4);
    return *n;
}

void addScalarConst(tensorflow::GraphDef& g, const std::string& name, float value) {
    auto& n = addNode(g, name, "Const");
    auto* t = (*n.mutable_attr())["value"].mutable_tensor();
    t->set_dtype(tensorflow::DT_FLOAT);
    t->mutable_tensor_shape();
    t->add_float_val(value);
}

// x -> Identity x n -> Relu: the pruner removes every Identity.
tensorflow::GraphDef identityChain(int n) {
    tensorflow::GraphDef g;
    addNode(g, "x", "Placeholder");
    std::string prev = "x";
    for (int i = 0; i < n; ++i) {
        const std::string name = "chain/id_" + std::to_string(i);
        addNode(g, name, "Identity", { prev });
        prev = name;
    }
    addNode(g, "out", "Relu", { prev });
    return g;
}

// n Identity nodes reading each other in a cycle (nothing reads the ring from outside).
tensorflow::GraphDef identityRing(int n) {
    tensorflow::GraphDef g;
    for (int i = 0; i < n; ++i)
        addNode(g, "ring/id_" + std::to_string(i), "Identity", { "ring/id_" + std::to_string((i + n - 1) % n) });
    return g;
}

// x -> Relu, Tanh, Neg, Sigmoid, ... n elementwise ops in a line -> out.
tensorflow::GraphDef elementwiseChain(int n) {
    static const char* const kOps[] = { "Relu", "Tanh", "Neg", "Sigmoid" };
    tensorflow::GraphDef g;
    addNode(g, "x", "Placeholder");
    std::string prev = "x";
    for (int i = 0; i < n; ++i) {
        const std::string name = "ew/op_" + std::to_string(i);
        addNode(g, name, kOps[i % 4], { prev });
        prev = name;
    }
    addNode(g, "out", "Identity", { prev });
    return g;
}

// x + c_i for n/2 distinct constants, all summed by one AddN: one node read by n/2, one reading n/2.
tensorflow::GraphDef fanOutIn(int n) {
    tensorflow::GraphDef g;
    addNode(g, "x", "Placeholder");
    std::vector<std::string> terms;
    for (int i = 0; i < n / 2; ++i) {
        const std::string c = "fan/c_" + std::to_string(i), add = "fan/add_" + std::to_string(i);
        addScalarConst(g, c, static_cast<float>(i));
        addNode(g, add, "AddV2", { "x", c });
        terms.push_back(add);
    }
    auto& sum = addNode(g, "sum", "AddN", terms);
    (*sum.mutable_attr())["N"].set_i(static_cast<int64_t>(terms.size()));
    return g;
}

struct Figures {
    double load = 0, optimize = 0, timeline = 0;
    int64_t nodesBefore = 0, nodesAfter = 0;
    double total() const { return load + optimize + timeline; }
};

int64_t countNodes(const tensorflow::GraphDef& g) {
    int64_t n = g.node_size();
    for (const auto& f : g.library().function()) n += f.node_def_size();
    return n;
}

// What `graphlens-cli optimize MODEL` does, without the printing.
Figures runOptimize(const tensorflow::GraphDef& graph, const passes::ManagerOptions& options,
                    const std::string& title) {
    Figures f;
    auto start = std::chrono::steady_clock::now();
    const passes::OptimizeResult result = passes::optimize(graph, options);
    f.optimize = since(start);
    if (g_passTimes)
        for (const auto& snap : result.snapshots)
            std::printf("    %-30s #%d %9.2f ms  %7d -> %7d nodes%s\n", snap.pass.c_str(), snap.iteration, snap.millis,
                        snap.nodesBefore, snap.nodesAfter, snap.changed ? "  (changed)" : "");
    start = std::chrono::steady_clock::now();
    const passes::PassTimeline timeline = passes::buildPassTimeline(result, title);
    f.timeline = since(start);
    f.nodesBefore = countNodes(*result.original);
    f.nodesAfter = countNodes(result.optimized);
    return f;
}

// Loads MODEL as the CLI does; false (with `why`) when optimize would refuse it.
bool runModel(const std::string& path, Figures& out, std::string& why) {
    const auto start = std::chrono::steady_clock::now();
    std::shared_ptr<const graph::Model> model;
    try {
        model = io::loadModel(path);
    } catch (const std::exception& e) {
        why = e.what();
        return false;
    }
    if (model->metaGraphs.empty() ||
        (model->format != graph::ModelFormat::GraphDef && model->format != graph::ModelFormat::SavedModel &&
         model->format != graph::ModelFormat::MetaGraph)) {
        why = std::string("a ") + graph::formatName(model->format) + " (no graph to optimise)";
        return false;
    }
    const graph::MetaGraph& meta = model->metaGraphs.front();
    const tensorflow::GraphDef graph = graph::toGraphDef(meta);
    passes::ManagerOptions options;
    const graph::Signature* sig = meta.signature("serving_default");
    if (!sig && !meta.signatures.empty()) sig = &meta.signatures.front();
    if (sig) {
        for (const auto& o : sig->outputs) options.fetches.push_back(o.tensorName);
        for (const auto& in : sig->inputs) options.feeds.push_back(in.tensorName);
    }
    const double load = since(start);
    try {
        out = runOptimize(graph, options, fs::path(path).filename().string());
    } catch (const std::exception& e) {
        why = std::string("optimize failed: ") + e.what();
        return false;
    }
    out.load = load;
    return true;
}

void print(const std::string& name, const Figures& f) {
    std::printf("%-58s %7lld -> %6lld nodes  load %7.3f s  optimize %7.3f s  timeline %7.3f s  total %7.3f s  %s\n",
                name.c_str(), static_cast<long long>(f.nodesBefore), static_cast<long long>(f.nodesAfter), f.load,
                f.optimize, f.timeline, f.total(), f.total() <= kGoalSeconds ? "ok" : "OVER 2 s");
    std::fflush(stdout);
}

// The models optimize accepts under `root`: SavedModel directories, and GraphDef / MetaGraph files
// outside them (.pb, .pbtxt, .meta; others are checkpoints, event files and assets).
std::vector<std::string> fixtureModels(const fs::path& root) {
    std::vector<std::string> out;
    std::vector<fs::path> savedModels;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file()) continue;
        const auto file = e.path().filename().string();
        if (file == "saved_model.pb" || file == "saved_model.pbtxt") savedModels.push_back(e.path().parent_path());
    }
    auto insideSavedModel = [&](const fs::path& p) {
        return std::any_of(savedModels.begin(), savedModels.end(), [&](const fs::path& dir) {
            const auto rel = p.lexically_relative(dir).string();
            return !rel.empty() && !rel.starts_with("..");
        });
    };
    for (const auto& dir : savedModels) out.push_back(dir.string());
    for (const auto& e : fs::recursive_directory_iterator(root)) {
        if (!e.is_regular_file() || insideSavedModel(e.path())) continue;
        const auto ext = e.path().extension().string();
        if (ext == ".pb" || ext == ".pbtxt" || ext == ".meta") out.push_back(e.path().string());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> files;
    bool smoke = false;
    std::string only;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--smoke") smoke = true;
        else if (a == "--only" && i + 1 < argc) only = argv[++i];
        else if (a == "--passes") g_passTimes = true;
        else files.push_back(a);
    }
    const bool given = !files.empty();
    auto wanted = [&](const std::string& name) { return only.empty() || name.find(only) != std::string::npos; };
    std::printf("graphlens-cli optimize's work: load, passes, before/after timeline (goal: total <= %.0f s each)\n",
                kGoalSeconds);
    int over = 0, failed = 0;
    auto generated = [&](const std::string& name, const std::function<tensorflow::GraphDef()>& make) {
        if (!wanted(name)) return;
        const tensorflow::GraphDef g = make();
        const Figures f = runOptimize(g, passes::ManagerOptions{}, name);
        print(name, f);
        over += f.total() > kGoalSeconds;
    };
    if (files.empty()) {
        const std::vector<int> chains = smoke ? std::vector<int>{ 1000 } : std::vector<int>{ 10000, 20000, 100000 };
        for (int n : chains)
            generated("generated: Identity chain, " + std::to_string(n), [n] { return identityChain(n); });
        for (int n : smoke ? std::vector<int>{ 1000 } : std::vector<int>{ 50000, 100000 })
            generated("generated: Identity ring, " + std::to_string(n), [n] { return identityRing(n); });
        const int big = smoke ? 1000 : 100000;
        generated("generated: elementwise chain, " + std::to_string(big), [big] { return elementwiseChain(big); });
        generated("generated: fan-out/fan-in, " + std::to_string(big), [big] { return fanOutIn(big); });
        const fs::path root = GRAPHLENS_FIXTURES_DIR;
        if (smoke) files.push_back((root / "tf_half_plus_two").string());
        else if (fs::is_directory(root)) files = fixtureModels(root);
    }
    const fs::path root = GRAPHLENS_FIXTURES_DIR;
    for (const auto& path : files) {
        Figures f;
        std::string why;
        const auto rel = fs::path(path).lexically_relative(root).string();
        const std::string name = rel.empty() || rel.starts_with("..") ? path : rel;
        if (!wanted(name)) continue;
        if (!runModel(path, f, why)) {
            std::printf("%-58s skipped: %s\n", name.c_str(), why.c_str());
            // Given on the command line or in the smoke run, a model that does not optimise is an error.
            failed += smoke || given;
            continue;
        }
        print(name, f);
        over += f.total() > kGoalSeconds;
    }
    std::printf("%d over the goal\n", over);
    // Figures, not a timed test: only a model that fails to optimise fails the run.
    return failed ? 1 : 0;
}
