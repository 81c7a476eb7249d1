// model_pruner on long chains and rings of forwarding nodes (issue #18): which nodes remain and
// what every remaining node reads afterwards. Correctness only; the timing is in
// tests/bench/bench_optimize.cpp.
#include "core/passes/passes.h"
#include "tests/passes/pass_test_util.h"

using namespace passtest;
using namespace graphlens::passes;

namespace {

std::string idName(int i) {
    return "id_" + std::to_string(i);
}

std::vector<std::string> inputsOf(const tensorflow::GraphDef& g, const std::string& node) {
    const auto* n = findNode(g, node);
    REQUIRE(n != nullptr);
    return { n->input().begin(), n->input().end() };
}

std::vector<std::string> nodeNames(const tensorflow::GraphDef& g) {
    std::vector<std::string> out;
    for (const auto& n : g.node()) out.push_back(n.name());
    return out;
}

int count(const PassReport& r, ChangeKind kind) {
    int n = 0;
    for (const auto& c : r.changes) n += c.kind == kind;
    return n;
}

} // namespace

TEST_CASE("model_pruner removes a long Identity chain and rewires its readers", "[passes][model_pruner]") {
    constexpr int kLength = 20000;
    Builder b;
    b.placeholder("x", { 2 }).placeholder("c", { 2 });
    // u:1 starts a second chain: its readers must end up reading output 1, not u.
    b.op("u", "Unique", { "x" }, tensorflow::DT_FLOAT,
         [](tensorflow::NodeDef& n) { setType(n, "out_idx", tensorflow::DT_INT32); });
    for (int i = 0; i < kLength; ++i) {
        // Every node a StopGradient or Identity; one in the middle is held by a control edge.
        const std::string in = i == 0 ? "x" : idName(i - 1);
        if (i == kLength / 2) b.op(idName(i), "Identity", { in, "^c" });
        else b.op(idName(i), i % 3 == 0 ? "StopGradient" : "Identity", { in });
    }
    b.op("y", "Neg", { idName(kLength - 1) });
    // Side readers along the chain, before and after the held node.
    b.op("early", "Neg", { idName(100) });
    b.op("late", "Abs", { idName(kLength - 100) });
    b.op("j0", "Identity", { "u:1" }, tensorflow::DT_INT32).op("j1", "Identity", { "j0" }, tensorflow::DT_INT32);
    b.op("k", "Neg", { "j1" }, tensorflow::DT_INT32);
    auto g = b.graph;
    auto pass = makeModelPruner();
    const auto r = runPass(*pass, g, fetching({ "y", "early", "late", "k" }, { "x", "c" }));

    const std::string held = idName(kLength / 2);
    CHECK(nodeNames(g) == std::vector<std::string>{ "x", "c", "u", held, "y", "early", "late", "k" });
    CHECK(count(r, ChangeKind::Removed) == kLength - 1 + 2);
    CHECK(inputsOf(g, held) == std::vector<std::string>{ "x", "^c" });
    CHECK(inputsOf(g, "early") == std::vector<std::string>{ "x" });
    CHECK(inputsOf(g, "y") == std::vector<std::string>{ held });
    CHECK(inputsOf(g, "late") == std::vector<std::string>{ held });
    CHECK(inputsOf(g, "k") == std::vector<std::string>{ "u:1" });
    // Each removed node says what it forwards: the chain's start, or the held node after it.
    int before = 0, after = 0;
    for (const auto& c : r.changes) {
        if (c.node == "j0" || c.node == "j1") CHECK(c.detail == "forwards u:1");
        else if (c.detail == "forwards x") ++before;
        else if (c.detail == "forwards " + held) ++after;
    }
    CHECK(before == kLength / 2);
    CHECK(after == kLength - kLength / 2 - 1);
}

TEST_CASE("model_pruner keeps a ring of Identity nodes and removes what leads into it", "[passes][model_pruner]") {
    constexpr int kRing = 50000;
    Builder b;
    b.placeholder("x", { 2 });
    for (int i = 0; i < kRing; ++i)
        b.op("r_" + std::to_string(i), "Identity", { "r_" + std::to_string((i + kRing - 1) % kRing) });
    // A chain of forwarders out of the ring, read by a sink; a separate chain from x.
    b.op("t_0", "Identity", { "r_7" }).op("t_1", "StopGradient", { "t_0" }).op("tap", "Neg", { "t_1" });
    b.op("s_0", "Identity", { "x" }).op("s_1", "Identity", { "s_0" }).op("z", "Neg", { "s_1" });
    auto g = b.graph;
    auto pass = makeModelPruner();
    PassReport r;
    r.pass = "model_pruner";
    // No fetches: the sinks (tap, z) are kept. The ring makes the graph invalid, so no validator here.
    pass->run(g, {}, r);

    CHECK(g.node_size() == 1 + kRing + 2);
    CHECK(findNode(g, "t_0") == nullptr);
    CHECK(findNode(g, "t_1") == nullptr);
    CHECK(findNode(g, "s_0") == nullptr);
    CHECK(inputsOf(g, "tap") == std::vector<std::string>{ "r_7" });
    CHECK(inputsOf(g, "z") == std::vector<std::string>{ "x" });
    // The ring is intact: every node still reads the one before it.
    for (int i = 0; i < kRing; i += 997)
        CHECK(inputsOf(g, "r_" + std::to_string(i)) ==
              std::vector<std::string>{ "r_" + std::to_string((i + kRing - 1) % kRing) });
    CHECK(count(r, ChangeKind::Removed) == 4);
    REQUIRE(r.notes.size() == 1);
    CHECK(r.notes.front() ==
          std::to_string(kRing) + " forwarding nodes on cycles of forwarders kept (they forward nothing)");
}
