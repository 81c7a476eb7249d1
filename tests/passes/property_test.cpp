// The property test of issue #6: random graphs built from the op registry (elementwise, matmul,
// reductions, reshapes, transposes, constants, plus the shapes the passes look for: x*1, x+0,
// double negation, transpose pairs, common factors, duplicates, Shape feeding Reshape), seeded.
// For each: eager execution node by node == the executor, before and after every pass and after
// the whole pipeline, within 1e-5 relative; the validator clean after every pass. The executor
// on the inter-op pool gives the same bits as in plan order, before and after the pipeline.
#include <cstring>
#include <map>
#include <random>

#include "core/graph/io/meta_graph_builder.h"
#include "core/passes/manager.h"
#include "core/passes/passes.h"
#include "core/util/thread_pool.h"
#include "tests/passes/pass_test_util.h"

using namespace passtest;
using namespace graphlens::passes;
using tensorflow::DT_FLOAT;
using tensorflow::DT_INT32;

namespace {

struct Value {
    std::string name;
    std::vector<int64_t> shape;
};

class RandomGraph {
public:
    explicit RandomGraph(uint32_t seed)
        : m_rng(seed) { }

    tensorflow::GraphDef build(int steps) {
        m_b.placeholder("x", { 4, 4 }).placeholder("y", { 4, 1 });
        m_values = { { "x", { 4, 4 } }, { "y", { 4, 1 } } };
        m_b.scalar("one", 1).scalar("zero", 0);
        m_b.constant("w", randomTensor({ 4, 4 }, m_rng()));
        m_values.push_back({ "w", { 4, 4 } });
        m_b.ints("perm", { 1, 0 });
        for (int i = 0; i < steps; ++i)
            step();
        // Everything still unread becomes an output, so that each value is checked.
        const GraphIndex index(m_b.graph);
        for (const auto& v : m_values) {
            const int32_t n = index.find(v.name);
            if (n >= 0 && index.consumers(n).empty() && v.name != "x" && v.name != "y") fetches.push_back(v.name);
        }
        return m_b.graph;
    }
    std::vector<std::string> fetches;

private:
    std::string fresh(const std::string& op) { return op + "_" + std::to_string(m_counter++); }
    const Value& pick() { return m_values[m_rng() % m_values.size()]; }
    void add(const std::string& name, std::vector<int64_t> shape) { m_values.push_back({ name, std::move(shape) }); }
    static std::vector<int64_t> broadcast(const std::vector<int64_t>& a, const std::vector<int64_t>& b) {
        std::vector<int64_t> out(std::max(a.size(), b.size()));
        for (size_t i = 0; i < out.size(); ++i) {
            const int64_t da = i < out.size() - a.size() ? 1 : a[i - (out.size() - a.size())];
            const int64_t db = i < out.size() - b.size() ? 1 : b[i - (out.size() - b.size())];
            if (da != db && da != 1 && db != 1) return {};
            out[i] = std::max(da, db);
        }
        return out;
    }

    void step() {
        static const char* unary[] = { "Neg", "Abs", "Tanh", "Sigmoid", "Relu", "Square", "Identity", "Relu6" };
        static const char* binary[] = { "AddV2", "Sub", "Mul", "Maximum", "Minimum", "SquaredDifference" };
        const Value a = pick();
        const std::string name = fresh("n");
        switch (m_rng() % 12) {
        case 0:
        case 1: {
            const std::string op = unary[m_rng() % std::size(unary)];
            m_b.op(name, op, { a.name });
            add(name, a.shape);
            break;
        }
        case 2:
        case 3: {
            const Value b = pick();
            const auto s = broadcast(a.shape, b.shape);
            if (s.empty()) return;
            m_b.op(name, binary[m_rng() % std::size(binary)], { a.name, b.name });
            add(name, s);
            break;
        }
        case 4: { // x*1, x+0, x-0, x/1
            static const char* ops[] = { "Mul", "AddV2", "Sub", "RealDiv" };
            const int k = static_cast<int>(m_rng() % 4);
            m_b.op(name, ops[k], { a.name, k == 0 || k == 3 ? "one" : "zero" });
            add(name, a.shape);
            break;
        }
        case 5: { // matmul where the shapes allow
            const Value b = pick();
            if (a.shape.size() != 2 || b.shape.size() != 2 || a.shape[1] != b.shape[0]) return;
            m_b.op(name, "MatMul", { a.name, b.name });
            add(name, { a.shape[0], b.shape[1] });
            break;
        }
        case 6: { // a reduction keeping dims
            if (a.shape.size() != 2) return;
            const int axis = static_cast<int>(m_rng() % 2);
            const std::string axisName = fresh("axis");
            m_b.ints(axisName, { axis });
            static const char* ops[] = { "Sum", "Mean", "Max" };
            m_b.op(name, ops[m_rng() % 3], { a.name, axisName }, DT_FLOAT, [](tensorflow::NodeDef& n) {
                setType(n, "Tidx", DT_INT32);
                (*n.mutable_attr())["keep_dims"].set_b(true);
            });
            auto s = a.shape;
            s[static_cast<size_t>(axis)] = 1;
            add(name, s);
            break;
        }
        case 7: { // transpose, sometimes twice
            if (a.shape.size() != 2) return;
            auto tp = [](tensorflow::NodeDef& n) { setType(n, "Tperm", DT_INT32); };
            m_b.op(name, "Transpose", { a.name, "perm" }, DT_FLOAT, tp);
            if (m_rng() % 2) {
                const std::string back = fresh("t");
                m_b.op(back, "Transpose", { name, "perm" }, DT_FLOAT, tp);
                add(back, a.shape);
            } else {
                add(name, { a.shape[1], a.shape[0] });
            }
            break;
        }
        case 8: { // reshape through a Shape of a same-shaped value, or flatten and back
            if (a.shape.size() != 2) return;
            const std::string shape = fresh("shape");
            m_b.op(
                shape, "Shape", { a.name }, DT_FLOAT, [](tensorflow::NodeDef& n) { setType(n, "out_type", DT_INT32); });
            const std::string flat = fresh("flat");
            const std::string dims = fresh("dims");
            m_b.ints(dims, { -1 });
            m_b.op(flat, "Reshape", { a.name, dims }, DT_FLOAT,
                [](tensorflow::NodeDef& n) { setType(n, "Tshape", DT_INT32); });
            m_b.op(name, "Reshape", { flat, shape }, DT_FLOAT,
                [](tensorflow::NodeDef& n) { setType(n, "Tshape", DT_INT32); });
            add(name, a.shape);
            break;
        }
        case 9: { // a*b + a*c
            const Value b = pick(), c = pick();
            const auto s1 = broadcast(a.shape, b.shape), s2 = broadcast(a.shape, c.shape);
            if (s1.empty() || s2.empty() || broadcast(s1, s2).empty()) return;
            const std::string m1 = fresh("m"), m2 = fresh("m");
            m_b.op(m1, "Mul", { a.name, b.name }).op(m2, "Mul", { c.name, a.name }).op(name, "AddV2", { m1, m2 });
            add(name, broadcast(s1, s2));
            break;
        }
        case 10: { // a duplicate of an earlier computation, and sums of one tensor
            m_b.op(name, "AddN", { a.name, a.name }, DT_FLOAT, [](tensorflow::NodeDef& n) { setInt(n, "N", 2); });
            const std::string dup = fresh("dup");
            m_b.op(dup, "AddN", { a.name, a.name }, DT_FLOAT, [](tensorflow::NodeDef& n) { setInt(n, "N", 2); });
            add(name, a.shape);
            add(dup, a.shape);
            break;
        }
        default: { // constants mixed in: folded with their consumers
            const std::string c = fresh("c");
            m_b.constant(c, randomTensor({ 4, 1 }, m_rng()));
            const std::string d = fresh("d");
            m_b.op(d, "Tanh", { c });
            add(d, { 4, 1 });
            m_b.op(name, "Neg", { "x" }); // keeps the placeholder read
            add(name, { 4, 4 });
            break;
        }
        }
    }

    std::mt19937 m_rng;
    Builder m_b;
    std::vector<Value> m_values;
    int m_counter = 0;
};

} // namespace

TEST_CASE("random graphs: eager == executor before and after every pass", "[passes][property]") {
    const std::vector<std::string> feeds { "x", "y" };
    for (uint32_t seed = 1; seed <= 40; ++seed) {
        DYNAMIC_SECTION("seed " << seed) {
            RandomGraph gen(seed);
            const auto graph = gen.build(24);
            const auto& fetches = gen.fetches;
            REQUIRE(!fetches.empty());
            requireValid(graph, "building");
            const std::vector<Tensor> args { randomTensor({ 4, 4 }, seed), randomTensor({ 4, 1 }, seed + 100) };
            const auto eager = runEager(graph, feeds, fetches, args);
            requireClose(runExecutor(graph, feeds, fetches, args), eager, "executor vs eager, before");

            PassOptions options;
            options.fetches = fetches;
            options.feeds = feeds;
            for (const auto& pass : defaultPasses()) {
                auto g = graph;
                PassReport report;
                pass->run(g, options, report);
                requireValid(g, std::string(pass->name()));
                requireClose(
                    runExecutor(g, feeds, fetches, args), eager, "executor after " + std::string(pass->name()));
            }

            ManagerOptions all;
            all.fetches = fetches;
            all.feeds = feeds;
            all.validate = true;
            const auto result = optimize(graph, all);
            requireClose(runExecutor(result.optimized, feeds, fetches, args), eager, "executor after the pipeline");
            // Every snapshot runs too (the view shows each of them).
            for (const auto& s : result.snapshots)
                requireClose(runExecutor(s.graph, feeds, fetches, args), eager, "snapshot after " + s.pass);
            // Eager execution of the optimised graph, where it is plain ops.
            bool plain = true;
            for (const auto& n : result.optimized.node())
                plain &= n.op().rfind("_", 0) != 0;
            if (plain)
                requireClose(runEager(result.optimized, feeds, fetches, args), eager, "eager after the pipeline");
        }
    }
}

TEST_CASE("random graphs give every general pass something to do", "[passes][property]") {
    std::map<std::string, int> changes;
    for (uint32_t seed = 1; seed <= 40; ++seed) {
        RandomGraph gen(seed);
        const auto graph = gen.build(24);
        ManagerOptions options;
        options.fetches = gen.fetches;
        options.feeds = {"x", "y"};
        for (const auto& s : optimize(graph, options).snapshots) changes[s.pass] += static_cast<int>(s.report.changes.size());
    }
    for (const char* pass : {"model_pruner", "common_subgraph_elimination", "constant_folding", "shape_optimizer",
                             "arithmetic_optimizer"}) {
        INFO(pass);
        CHECK(changes[pass] > 0);
    }
}

TEST_CASE("random graphs: the parallel executor gives the sequential run's bits", "[passes][property][parallel]") {
    const std::vector<std::string> feeds { "x", "y" };
    graphlens::util::ThreadPool pool(3);
    graphlens::exec::RunOptions sequential, parallel;
    sequential.interOpThreads = 1;
    parallel.interOpPool = &pool;
    parallel.inlineStepSeconds = 0; // every ready kernel step beyond a thread's first goes to the pool
    int parallelPlans = 0, plans = 0;
    for (uint32_t seed = 1; seed <= 40; ++seed) {
        RandomGraph gen(seed);
        const auto graph = gen.build(24);
        ManagerOptions all;
        all.fetches = gen.fetches;
        all.feeds = feeds;
        const std::vector<Tensor> args { randomTensor({ 4, 4 }, seed), randomTensor({ 4, 1 }, seed + 100) };
        for (const bool optimised : { false, true }) {
            INFO("seed " << seed << (optimised ? ", optimised" : ""));
            auto g = optimised ? optimize(graph, all).optimized : graph;
            const auto mg = graphlens::io::buildFromGraphDef(std::move(g), "random.pb", {});
            const auto exe = graphlens::exec::Executable::compileGraph(mg.graph, &mg.library, feeds, gen.fetches);
            ++plans;
            parallelPlans += exe->describe().find(", parallel") != std::string::npos;
            const auto want = exe->run(args, sequential);
            for (int call = 0; call < 2; ++call) { // the second call reuses the first one's buffers
                const auto got = exe->run(args, parallel);
                REQUIRE(got.size() == want.size());
                for (size_t i = 0; i < got.size(); ++i) {
                    INFO(gen.fetches[i] << ": " << got[i].debugString() << " vs " << want[i].debugString());
                    REQUIRE(got[i].shape() == want[i].shape());
                    CHECK(std::memcmp(got[i].rawData(), want[i].rawData(), got[i].totalBytes()) == 0);
                }
            }
        }
    }
    INFO(parallelPlans << " of " << plans << " plans run in parallel");
    CHECK(parallelPlans * 2 >= plans);
}
