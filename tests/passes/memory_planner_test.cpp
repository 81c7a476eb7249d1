// The memory planner: lifetimes, in-place reuse for elementwise ops whose input dies at them,
// same-size reuse of freed buffers, fetched tensors kept alive, and a graph it does not change.
#include "core/passes/memory_planner.h"
#include "core/passes/passes.h"
#include "tests/passes/pass_test_util.h"

using namespace passtest;
using namespace graphlens::passes;

namespace {

// x[4,8] -> a = Relu(x) -> b = Exp(a) -> c = MatMul(b, w) -> d = Tanh(c) -> e = Sigmoid(x):
// five float tensors of 128 bytes.
tensorflow::GraphDef chain() {
    Builder b;
    b.placeholder("x", { 4, 8 }).constant("w", randomTensor({ 8, 8 }, 1));
    b.op("a", "Relu", { "x" }).op("b", "Exp", { "a" }).op("c", "MatMul", { "b", "w" }).op("d", "Tanh", { "c" });
    b.op("e", "Sigmoid", { "x" });
    return b.graph;
}

const BufferReuse* reuseInto(const MemoryPlan& plan, const std::string& to) {
    for (const BufferReuse& r : plan.reuse)
        if (r.to == to) return &r;
    return nullptr;
}

} // namespace

TEST_CASE("the memory planner reuses dying inputs in place and freed buffers of the same size", "[passes][memory]") {
    const MemoryPlan plan = planMemory(chain(), { "d", "e" });
    REQUIRE(plan.tensors.size() == 5);
    CHECK(plan.unknownTensors == 0);
    for (const TensorLifetime& t : plan.tensors) CHECK(t.bytes == 4 * 8 * 4);
    CHECK(plan.bytesBefore == 5 * 128);
    // b = Exp(a) writes over a; d = Tanh(c) over c; MatMul never runs in place.
    const BufferReuse* b = reuseInto(plan, "b");
    REQUIRE(b);
    CHECK(b->from == "a");
    CHECK(b->inPlace);
    const BufferReuse* d = reuseInto(plan, "d");
    REQUIRE(d);
    CHECK(d->from == "c");
    CHECK(d->inPlace);
    CHECK_FALSE(reuseInto(plan, "a")); // x is fed: not a buffer of the graph
    CHECK(plan.bytesAfter < plan.bytesBefore);
    CHECK(plan.peakLiveBytes <= plan.bytesAfter);
}

TEST_CASE("the memory planner keeps fetched tensors alive", "[passes][memory]") {
    const MemoryPlan plan = planMemory(chain(), { "a", "d", "e" });
    CHECK_FALSE(reuseInto(plan, "b")); // a is fetched: Exp may not write over it
    const MemoryPlan unfetched = planMemory(chain(), { "d", "e" });
    CHECK(plan.bytesAfter > unfetched.bytesAfter);
    for (const TensorLifetime& t : plan.tensors)
        if (t.tensor == "a") CHECK(t.lastUse == static_cast<int32_t>(plan.order.size()));
}

TEST_CASE("tensors of unknown size are left out of the plan", "[passes][memory]") {
    Builder b;
    b.placeholder("x", { -1, 8 }).op("a", "Relu", { "x" }).op("b", "Exp", { "a" });
    const MemoryPlan plan = planMemory(b.graph, { "b" });
    CHECK(plan.tensors.empty());
    CHECK(plan.unknownTensors == 2);
    CHECK(plan.bytesAfter == 0);
}

TEST_CASE("the memory planner pass reports and changes nothing", "[passes][memory]") {
    tensorflow::GraphDef graph = chain();
    const std::string before = graph.SerializeAsString();
    auto pass = makeMemoryPlanner();
    CHECK(pass->name() == "memory_planner");
    CHECK(pass->runOnce());
    PassOptions options;
    options.fetches = { "d", "e" };
    PassReport report;
    pass->run(graph, options, report);
    CHECK(graph.SerializeAsString() == before);
    CHECK(report.changes.empty());
    REQUIRE_FALSE(report.notes.empty());
    CHECK(report.notes[0].find("2 in place") != std::string::npos);
    bool listed = false;
    for (const auto& n : report.notes) listed |= n == "reuse: b takes a's buffer (128 bytes, in place)";
    CHECK(listed);
}
