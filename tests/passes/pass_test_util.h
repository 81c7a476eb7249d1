#pragma once
// Helpers for the general-pass tests: graphs from text, running a GraphDef on the executor and
// node by node with eager op execution, and comparing results.
#include <catch2/catch.hpp>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <google/protobuf/text_format.h>
#include <string>
#include <unistd.h>
#include <vector>

#include "core/exec/executor.h"
#include "core/graph/io/model_loader.h"
#include "core/ops/execute.h"
#include "core/passes/graph_index.h"
#include "core/passes/pass.h"
#include "core/passes/pass_util.h"
#include "core/passes/validator.h"
#include "core/proto/graph.pb.h"

namespace passtest {

using graphlens::tensor::Tensor;

inline tensorflow::GraphDef parseGraph(const std::string& text) {
    tensorflow::GraphDef g;
    REQUIRE(google::protobuf::TextFormat::ParseFromString(text, &g));
    return g;
}

inline const tensorflow::NodeDef* findNode(const tensorflow::GraphDef& g, const std::string& name) {
    for (const auto& n : g.node())
        if (n.name() == name) return &n;
    return nullptr;
}

inline void requireValid(const tensorflow::GraphDef& g, const std::string& after) {
    const auto problems = graphlens::passes::validate(g);
    INFO("after " << after << ": " << (problems.empty() ? "" : problems.front()));
    REQUIRE(problems.empty());
}

// Runs `graph` on the executor (through a file, as the loader reads any GraphDef).
inline std::vector<Tensor> runExecutor(const tensorflow::GraphDef& graph, const std::vector<std::string>& feeds,
                                       const std::vector<std::string>& fetches, const std::vector<Tensor>& args) {
    static int counter = 0;
    const auto path = std::filesystem::temp_directory_path() /
        ("graphlens_passes_" + std::to_string(::getpid()) + "_" + std::to_string(counter++) + ".pb");
    {
        std::string data;
        graph.SerializeToString(&data);
        std::ofstream(path, std::ios::binary) << data;
    }
    auto model = graphlens::io::loadModel(path.string());
    std::filesystem::remove(path);
    const auto& mg = model->metaGraphs.at(0);
    auto exe = graphlens::exec::Executable::compileGraph(mg.graph, &mg.library, feeds, fetches);
    return exe->run(args);
}

// Runs every node of a (function-free) graph with eager op execution, in topological order.
inline std::vector<Tensor> runEager(const tensorflow::GraphDef& graph, const std::vector<std::string>& feeds,
                                    const std::vector<std::string>& fetches, const std::vector<Tensor>& args) {
    using namespace graphlens::passes;
    const GraphIndex index(graph);
    std::vector<std::vector<Tensor>> values(static_cast<size_t>(index.size()));
    for (size_t k = 0; k < feeds.size(); ++k)
        values[static_cast<size_t>(index.find(splitInput(feeds[k]).first))] = { args[k] };
    for (const int32_t i : index.topologicalOrder()) {
        const auto& n = index.node(i);
        auto& out = values[static_cast<size_t>(i)];
        if (!out.empty()) continue;
        if (n.op() == "Const") {
            out = { constValue(n) };
            continue;
        }
        if (n.op() == "NoOp") continue;
        std::vector<Tensor> inputs;
        for (const auto& in : index.inputs(i))
            if (in.output >= 0)
                inputs.push_back(values.at(static_cast<size_t>(in.node)).at(static_cast<size_t>(in.output)));
        if (n.op() == "Identity" || n.op() == "IdentityN") {
            out = inputs;
            continue;
        }
        out = graphlens::ops::execute(n.op(), std::span<const Tensor>(inputs), nodeAttrs(n));
    }
    std::vector<Tensor> results;
    for (const auto& f : fetches) {
        const auto [name, output] = splitInput(f);
        results.push_back(values.at(static_cast<size_t>(index.find(name))).at(static_cast<size_t>(output)));
    }
    return results;
}

// Floats within 1e-5 relative (plus `absTol` for sums that cancel), everything else exact.
inline bool close(const Tensor& a, const Tensor& b, std::string& why, double absTol = 1e-5) {
    if (a.dtype() != b.dtype()) {
        why = "dtypes differ";
        return false;
    }
    if (a.shape() != b.shape()) {
        why = "shapes differ: " + a.debugString() + " vs " + b.debugString();
        return false;
    }
    const auto x = a.toDoubleVector(), y = b.toDoubleVector();
    for (size_t i = 0; i < x.size(); ++i) {
        if (std::isnan(x[i]) && std::isnan(y[i])) continue;
        if (!(std::abs(x[i] - y[i]) <= 1e-5 * std::max(std::abs(x[i]), std::abs(y[i])) + absTol)) {
            why = "element " + std::to_string(i) + ": " + std::to_string(x[i]) + " vs " + std::to_string(y[i]);
            return false;
        }
    }
    return true;
}

inline void requireClose(const std::vector<Tensor>& a, const std::vector<Tensor>& b, const std::string& what) {
    REQUIRE(a.size() == b.size());
    for (size_t i = 0; i < a.size(); ++i) {
        std::string why;
        INFO(what << ", output " << i << ": " << why);
        const bool ok = close(a[i], b[i], why);
        INFO(why);
        CHECK(ok);
    }
}

// Runs one pass and checks the graph is still valid after it.
inline graphlens::passes::PassReport runPass(graphlens::passes::Pass& pass, tensorflow::GraphDef& g,
                                             const graphlens::passes::PassOptions& options) {
    graphlens::passes::PassReport report;
    report.pass = std::string(pass.name());
    pass.run(g, options, report);
    requireValid(g, report.pass);
    return report;
}

inline graphlens::passes::PassOptions fetching(std::vector<std::string> fetches, std::vector<std::string> feeds = {}) {
    graphlens::passes::PassOptions o;
    o.fetches = std::move(fetches);
    o.feeds = std::move(feeds);
    return o;
}

inline int countOp(const tensorflow::GraphDef& g, const std::string& op) {
    int n = 0;
    for (const auto& node : g.node()) n += node.op() == op;
    return n;
}

// Builds small graphs in code: float tensors unless said otherwise.
class Builder {
public:
    tensorflow::GraphDef graph;

    Builder& placeholder(const std::string& name, std::vector<int64_t> dims,
                         tensorflow::DataType type = tensorflow::DT_FLOAT) {
        auto* n = add(name, "Placeholder", {});
        (*n->mutable_attr())["dtype"].set_type(type);
        auto* shape = (*n->mutable_attr())["shape"].mutable_shape();
        for (auto d : dims) shape->add_dim()->set_size(d);
        return *this;
    }
    Builder& constant(const std::string& name, const Tensor& value) {
        auto* n = add(name, "Const", {});
        graphlens::passes::makeConst(*n, value, false);
        return *this;
    }
    Builder& scalar(const std::string& name, float v) { return constant(name, Tensor::scalar<float>(v)); }
    Builder& ints(const std::string& name, std::vector<int32_t> v) { return constant(name, Tensor::fromVector(v)); }
    // An op with T = float (or `type`) and any further attrs set by `more`.
    template<class F = void (*)(tensorflow::NodeDef&)>
    Builder& op(
        const std::string& name, const std::string& op, std::vector<std::string> inputs,
        tensorflow::DataType type = tensorflow::DT_FLOAT, F more = [](tensorflow::NodeDef&) {}) {
        auto* n = add(name, op, std::move(inputs));
        if (type != tensorflow::DT_INVALID) (*n->mutable_attr())["T"].set_type(type);
        more(*n);
        return *this;
    }
    tensorflow::NodeDef* add(const std::string& name, const std::string& op, std::vector<std::string> inputs) {
        auto* n = graph.add_node();
        n->set_name(name);
        n->set_op(op);
        for (auto& in : inputs) n->add_input(std::move(in));
        return n;
    }
};

inline void setInt(tensorflow::NodeDef& n, const std::string& attr, int64_t v) {
    (*n.mutable_attr())[attr].set_i(v);
}
inline void setType(tensorflow::NodeDef& n, const std::string& attr, tensorflow::DataType t) {
    (*n.mutable_attr())[attr].set_type(t);
}

inline Tensor randomTensor(std::vector<int64_t> dims, uint32_t seed) {
    Tensor t(graphlens::tensor::DType::Float32, graphlens::tensor::TensorShape(std::move(dims)));
    uint32_t s = seed * 2654435761u + 12345u;
    for (auto& v : t.flat<float>()) {
        s = s * 1664525u + 1013904223u;
        v = static_cast<float>((s >> 8) % 2000) / 1000.0f - 1.0f;
    }
    return t;
}

} // namespace passtest
