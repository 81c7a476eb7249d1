// The property test of issue #6: random graphs built from the op registry (elementwise, matmul,
// reductions, reshapes, transposes, constants, NHWC convolutions, plus the shapes the passes look
// for: x*1, x+0, double negation, transpose pairs, common factors, duplicates, Shape feeding
// Reshape, and the remapper's patterns: MatMul or Conv2D with BiasAdd or an inference
// FusedBatchNorm and an activation, the intermediate sometimes read elsewhere), seeded.
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
        m_b.placeholder("x", { 4, 4 }).placeholder("y", { 4, 1 }).placeholder("img", { 2, 8, 8, 3 });
        m_values = { { "x", { 4, 4 } }, { "y", { 4, 1 } }, { "img", { 2, 8, 8, 3 } } };
        m_b.scalar("one", 1).scalar("zero", 0);
        m_b.constant("w", randomTensor({ 4, 4 }, m_rng()));
        m_values.push_back({ "w", { 4, 4 } });
        m_b.ints("perm", { 1, 0 });
        for (int i = 0; i < steps; ++i) step();
        // Everything still unread becomes an output, so that each value is checked.
        const GraphIndex index(m_b.graph);
        for (const auto& v : m_values) {
            const int32_t n = index.find(v.name);
            if (n >= 0 && index.consumers(n).empty() && v.name != "x" && v.name != "y" && v.name != "img")
                fetches.push_back(v.name);
        }
        return m_b.graph;
    }
    std::vector<std::string> fetches;

private:
    std::string fresh(const std::string& op) { return op + "_" + std::to_string(m_counter++); }
    const Value& pick() { return m_values[m_rng() % m_values.size()]; }
    Value pickImage() {
        std::vector<size_t> images;
        for (size_t i = 0; i < m_values.size(); ++i)
            if (m_values[i].shape.size() == 4) images.push_back(i);
        return m_values[images[m_rng() % images.size()]];
    }
    std::string constant(const std::vector<int64_t>& dims, float shift = 0) {
        const std::string name = fresh("c");
        Tensor t = randomTensor(dims, m_rng());
        if (shift != 0)
            for (auto& v : t.flat<float>()) v = std::abs(v) + shift;
        m_b.constant(name, t);
        return name;
    }
    // An activation after `input` (or none): the remapper fuses Relu, Relu6, Elu and LeakyRelu;
    // Tanh stays outside (a miss).
    std::string activation(const std::string& input) {
        static const char* ops[] = { "", "Relu", "Relu6", "Elu", "LeakyRelu", "Tanh" };
        const std::string op = ops[m_rng() % std::size(ops)];
        if (op.empty()) return input;
        const std::string name = fresh("act");
        m_b.op(name, op, { input }, DT_FLOAT, [&](tensorflow::NodeDef& n) {
            if (op == "LeakyRelu") (*n.mutable_attr())["alpha"].set_f(0.2f);
        });
        return name;
    }
    // Conv2D (3x3 or 1x1, stride 1 or 2, SAME or VALID) with BiasAdd, an inference
    // FusedBatchNormV3 or neither, then an activation.
    void convolution() {
        const Value in = pickImage();
        const int64_t H = in.shape[1], W = in.shape[2], C = in.shape[3];
        const int64_t k = m_rng() % 2 ? 3 : 1, stride = 1 + m_rng() % 2;
        const bool same = m_rng() % 2;
        if (!same && (H < k || W < k)) return;
        static const int64_t widths[] = { 4, 8, 16 };
        const int64_t K = widths[m_rng() % std::size(widths)];
        const int64_t outH = same ? (H + stride - 1) / stride : (H - k) / stride + 1;
        const int64_t outW = same ? (W + stride - 1) / stride : (W - k) / stride + 1;
        const std::string conv = fresh("conv"), filter = constant({ k, k, C, K });
        m_b.op(conv, "Conv2D", { in.name, filter }, DT_FLOAT, [&](tensorflow::NodeDef& n) {
            auto* strides = (*n.mutable_attr())["strides"].mutable_list();
            for (int64_t v : { int64_t{ 1 }, stride, stride, int64_t{ 1 } }) strides->add_i(v);
            (*n.mutable_attr())["padding"].set_s(same ? "SAME" : "VALID");
        });
        const std::vector<int64_t> shape{ in.shape[0], outH, outW, K };
        std::string top = conv;
        switch (m_rng() % 3) {
        case 0:
            top = fresh("bias");
            m_b.op(top, "BiasAdd", { conv, constant({ K }) });
            break;
        case 1: {
            top = fresh("bn");
            const std::string scale = constant({ K }, 0.5f), offset = constant({ K }), mean = constant({ K });
            const std::string variance = constant({ K }, 0.5f);
            m_b.op(top, "FusedBatchNormV3", { conv, scale, offset, mean, variance }, DT_FLOAT,
                   [](tensorflow::NodeDef& n) {
                       setType(n, "U", DT_FLOAT);
                       (*n.mutable_attr())["epsilon"].set_f(0.001f);
                       (*n.mutable_attr())["is_training"].set_b(false);
                   });
            break;
        }
        default:
            break;
        }
        // Sometimes the intermediate is read elsewhere too: the remapper must leave it (a miss).
        if (top != conv && m_rng() % 4 == 0) add(conv, shape);
        add(activation(top), shape);
    }
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
        switch (m_rng() % 15) {
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
            m_b.op(shape, "Shape", { a.name }, DT_FLOAT,
                   [](tensorflow::NodeDef& n) { setType(n, "out_type", DT_INT32); });
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
        case 12:
        case 13:
            convolution();
            break;
        case 14: { // MatMul + BiasAdd + activation on a matrix
            if (a.shape.size() != 2) return;
            const int64_t n = m_rng() % 2 ? 4 : 1;
            const std::string mm = fresh("mm"), bias = fresh("bias");
            m_b.op(mm, "MatMul", { a.name, constant({ a.shape[1], n }) });
            m_b.op(bias, "BiasAdd", { mm, constant({ n }) });
            if (m_rng() % 4 == 0) add(mm, { a.shape[0], n });
            add(activation(bias), { a.shape[0], n });
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

std::vector<Tensor> argsFor(uint32_t seed) {
    return { randomTensor({ 4, 4 }, seed), randomTensor({ 4, 1 }, seed + 100),
             randomTensor({ 2, 8, 8, 3 }, seed + 200) };
}

} // namespace

TEST_CASE("random graphs: eager == executor before and after every pass", "[passes][property]") {
    const std::vector<std::string> feeds{ "x", "y", "img" };
    for (uint32_t seed = 1; seed <= 40; ++seed) {
        DYNAMIC_SECTION("seed " << seed) {
            RandomGraph gen(seed);
            const auto graph = gen.build(24);
            const auto& fetches = gen.fetches;
            REQUIRE(!fetches.empty());
            requireValid(graph, "building");
            const std::vector<Tensor> args = argsFor(seed);
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
                requireClose(runExecutor(g, feeds, fetches, args), eager,
                             "executor after " + std::string(pass->name()));
            }

            ManagerOptions all;
            all.fetches = fetches;
            all.feeds = feeds;
            all.validate = true;
            const auto result = optimize(graph, all);
            requireClose(runExecutor(result.optimized, feeds, fetches, args), eager, "executor after the pipeline");
            // Every snapshot runs too (the view shows each of them).
            for (const auto& s : result.snapshots)
                requireClose(runExecutor(*s.graph, feeds, fetches, args), eager, "snapshot after " + s.pass);
            // Eager execution of the optimised graph, where it is plain ops.
            bool plain = true;
            for (const auto& n : result.optimized.node()) plain &= n.op().rfind("_", 0) != 0;
            if (plain)
                requireClose(runEager(result.optimized, feeds, fetches, args), eager, "eager after the pipeline");
        }
    }
}

TEST_CASE("random graphs give every general pass something to do", "[passes][property]") {
    std::map<std::string, int> changes, fusedOps;
    std::map<std::string, int> misses; // by condition
    for (uint32_t seed = 1; seed <= 40; ++seed) {
        RandomGraph gen(seed);
        const auto graph = gen.build(24);
        ManagerOptions options;
        options.fetches = gen.fetches;
        options.feeds = { "x", "y", "img" };
        const auto result = optimize(graph, options);
        for (const auto& s : result.snapshots) {
            changes[s.pass] += static_cast<int>(s.report.changes.size());
            for (const auto& c : s.report.changes)
                if (c.kind == ChangeKind::Fused) ++fusedOps[c.op];
        }
        for (const auto& m : result.misses) ++misses[m.condition];
    }
    for (const char* pass : { "model_pruner", "common_subgraph_elimination", "constant_folding", "shape_optimizer",
                              "arithmetic_optimizer", "remapper" }) {
        INFO(pass);
        CHECK(changes[pass] > 0);
    }
    // The remapper's three kinds of fusion, the elementwise fusion's, and its misses.
    for (const char* op : { "_FusedConv2D", "_FusedMatMul", "_GraphLensFusedElementwise" }) {
        INFO(op);
        CHECK(fusedOps[op] > 0);
    }
    std::string seen;
    for (const auto& [condition, count] : misses) seen += condition + " x" + std::to_string(count) + "; ";
    INFO("misses: " << seen);
    CHECK(misses["unsupported_activation"] > 0);
    CHECK(misses["multiple_consumers"] > 0);
}

TEST_CASE("random graphs: the parallel executor gives the sequential run's bits", "[passes][property][parallel]") {
    const std::vector<std::string> feeds{ "x", "y", "img" };
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
        const std::vector<Tensor> args = argsFor(seed);
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
