#pragma once
// A hand-made optimisation result with known changes, for the timeline tests (tests/passes) and
// the before/after view's (tests/views): arithmetic_optimizer rewrites x*1 and drops the Const,
// constant_folding changes nothing, remapper fuses dense/{MatMul,BiasAdd,Relu} and adds a Const,
// and misses head/'s MatMul+BiasAdd+Relu (its BiasAdd has a second consumer).
#include <catch2/catch.hpp>
#include <google/protobuf/text_format.h>
#include <string>
#include <vector>

#include "core/passes/manager.h"
#include "core/passes/pass_util.h"
#include "core/proto/graph.pb.h"

namespace handmade {

namespace passes = graphlens::passes;

inline tensorflow::GraphDef parse(const std::string& text) {
    tensorflow::GraphDef graph;
    REQUIRE(google::protobuf::TextFormat::ParseFromString(text, &graph));
    return graph;
}

inline const char* const kOriginal = R"(
node { name: "x" op: "Placeholder" attr { key: "dtype" value { type: DT_FLOAT } } }
node { name: "w" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } }
node { name: "b" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } }
node { name: "dense/MatMul" op: "MatMul" input: "x" input: "w" }
node { name: "dense/BiasAdd" op: "BiasAdd" input: "dense/MatMul" input: "b" }
node { name: "dense/Relu" op: "Relu" input: "dense/BiasAdd" }
node { name: "head/MatMul" op: "MatMul" input: "dense/Relu" input: "w" }
node { name: "head/BiasAdd" op: "BiasAdd" input: "head/MatMul" input: "b" }
node { name: "head/Relu" op: "Relu" input: "head/BiasAdd" }
node { name: "aux" op: "Identity" input: "head/BiasAdd" }
node { name: "one" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } }
node { name: "scaled" op: "Mul" input: "head/Relu" input: "one" }
)";

// arithmetic_optimizer: scaled = x*1 -> Identity, "one" removed.
inline std::string afterArithmetic() {
    std::string text = kOriginal;
    text.replace(
        text.find(R"(node { name: "one")"),
        std::string(R"(node { name: "one" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } })").size(), "");
    text.replace(text.find(R"(op: "Mul" input: "head/Relu" input: "one")"),
                 std::string(R"(op: "Mul" input: "head/Relu" input: "one")").size(),
                 R"(op: "Identity" input: "head/Relu")");
    return text;
}

// remapper: dense/{MatMul,BiasAdd,Relu} -> dense/Relu = _FusedMatMul; a Const "fused_args" added.
inline std::string afterRemapper() {
    std::string text = afterArithmetic();
    for (const char* gone : { R"(node { name: "dense/MatMul" op: "MatMul" input: "x" input: "w" })",
                              R"(node { name: "dense/BiasAdd" op: "BiasAdd" input: "dense/MatMul" input: "b" })" })
        text.replace(text.find(gone), std::string(gone).size(), "");
    const std::string relu = R"(node { name: "dense/Relu" op: "Relu" input: "dense/BiasAdd" })";
    text.replace(text.find(relu), relu.size(),
                 R"(node { name: "dense/Relu" op: "_FusedMatMul" input: "x" input: "w" input: "b" })"
                 R"( node { name: "fused_args" op: "Const" attr { key: "dtype" value { type: DT_FLOAT } } })");
    return text;
}

inline passes::NodeChange change(passes::ChangeKind kind, std::string node, std::string op,
                                 std::vector<std::string> sources = {}, std::string detail = {}) {
    passes::NodeChange c;
    c.kind = kind;
    c.node = std::move(node);
    c.op = std::move(op);
    c.sources = std::move(sources);
    c.detail = std::move(detail);
    return c;
}

inline passes::PassSnapshot snapshot(std::string pass, int iteration, const tensorflow::GraphDef& before,
                                     tensorflow::GraphDef after, std::vector<passes::NodeChange> changes,
                                     double millis) {
    passes::PassSnapshot s;
    s.pass = std::move(pass);
    s.iteration = iteration;
    s.millis = millis;
    s.nodesBefore = before.node_size();
    s.nodesAfter = after.node_size();
    s.report.pass = s.pass;
    s.report.changes = std::move(changes);
    // As the manager marks it: whether the pass left the graph as it found it.
    s.changed = passes::deterministicBytes(before) != passes::deterministicBytes(after);
    s.graph = std::make_shared<const tensorflow::GraphDef>(std::move(after));
    return s;
}

inline passes::FusionMiss headMiss() {
    passes::FusionMiss miss;
    miss.pattern = "MatMul+BiasAdd+Relu";
    miss.nodes = { "head/MatMul", "head/BiasAdd", "head/Relu" };
    miss.condition = "multiple_consumers";
    miss.reason = "head/BiasAdd has 2 consumers (head/Relu, aux)";
    return miss;
}

inline passes::OptimizeResult handMadeResult() {
    passes::OptimizeResult result;
    result.original = std::make_shared<const tensorflow::GraphDef>(parse(kOriginal));
    const auto arithmetic = parse(afterArithmetic());
    const auto remapped = parse(afterRemapper());
    result.snapshots.push_back(snapshot("arithmetic_optimizer", 0, *result.original, arithmetic,
                                        { change(passes::ChangeKind::Rewritten, "scaled", "Identity", {}, "x*1 -> x"),
                                          change(passes::ChangeKind::Removed, "one", "Const") },
                                        1.5));
    result.snapshots.push_back(snapshot("constant_folding", 0, arithmetic, arithmetic, {}, 0.25));
    auto remapper = snapshot("remapper", 0, arithmetic, remapped,
                             { change(passes::ChangeKind::Fused, "dense/Relu", "_FusedMatMul",
                                      { "dense/MatMul", "dense/BiasAdd", "dense/Relu" }),
                               change(passes::ChangeKind::Added, "fused_args", "Const") },
                             3.0);
    remapper.report.misses.push_back(headMiss());
    result.snapshots.push_back(std::move(remapper));
    result.optimized = remapped;
    // result.misses left empty on purpose: the timeline takes the last remapper run's.
    return result;
}

} // namespace handmade
