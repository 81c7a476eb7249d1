#pragma once
// A wide graph for the executor's parallel tests and benchmark, as GraphDef text.
#include <google/protobuf/text_format.h>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/exec/executor.h"
#include "core/graph/io/meta_graph_builder.h"

namespace exectest {

// `branches` independent chains of `depth` MatMul + Tanh on x [n, n] and w [n, n]; branch i's
// result is fetched as "b<i>_out". Options: each branch ends in a PrintV2 of its sum; each branch
// assigns its result to the resource variable fed as "v"; branch `failing` reshapes to a wrong size.
struct WideGraph {
    int branches = 4;
    int depth = 3;
    bool print = false;
    bool assign = false;
    int failing = -1;

    std::string text() const {
        std::string g = node("x", "Placeholder", {}, "attr { key: 'dtype' value { type: DT_FLOAT } }") +
            node("w", "Placeholder", {}, "attr { key: 'dtype' value { type: DT_FLOAT } }");
        if (assign) g += node("v", "Placeholder", {}, "attr { key: 'dtype' value { type: DT_RESOURCE } }");
        const std::string t = "attr { key: 'T' value { type: DT_FLOAT } }";
        for (int b = 0; b < branches; ++b) {
            const std::string p = "b" + std::to_string(b) + "_";
            std::string last = "x";
            for (int d = 0; d < depth; ++d) {
                g += node(p + "mm" + std::to_string(d), "MatMul", { last, "w" }, t);
                g += node(p + "tanh" + std::to_string(d), "Tanh", { p + "mm" + std::to_string(d) }, t);
                last = p + "tanh" + std::to_string(d);
            }
            if (b == failing) {
                g += node(p + "shape", "Const", {},
                          "attr { key: 'dtype' value { type: DT_INT32 } } attr { key: 'value' value { tensor { dtype: "
                          "DT_INT32 "
                          "tensor_shape { dim { size: 1 } } int_val: 7 } } }");
                g += node(p + "fail", "Reshape", { last, p + "shape" },
                          t + " attr { key: 'Tshape' value { type: DT_INT32 } }");
                last = p + "fail";
            }
            g += node(p + "out", "Identity", { last }, t);
            if (print) {
                g += node(p + "axes", "Const", {},
                          "attr { key: 'dtype' value { type: DT_INT32 } } attr { key: 'value' value { tensor { dtype: "
                          "DT_INT32 "
                          "tensor_shape { dim { size: 2 } } int_val: 0 int_val: 1 } } }");
                g += node(p + "sum", "Sum", { last, p + "axes" }, t + " attr { key: 'Tidx' value { type: DT_INT32 } }");
                g += node(
                    p + "format", "StringFormat", { p + "sum" },
                    "attr { key: 'T' value { list { type: DT_FLOAT } } } attr { key: 'template' value { s: '" + p +
                        "{}' } } attr { key: 'placeholder' value { s: '{}' } } attr { key: 'summarize' value { i: 3 "
                        "} }");
                g += node(p + "print", "PrintV2", { p + "format" },
                          "attr { key: 'output_stream' value { s: 'stderr' } } attr { key: 'end' value { s: '\\n' } }");
            }
            if (assign)
                g += node(p + "assign", "AssignVariableOp", { "v", last },
                          "attr { key: 'dtype' value { type: DT_FLOAT } }");
        }
        return g;
    }
    std::vector<std::string> fetches() const {
        std::vector<std::string> out;
        for (int b = 0; b < branches; ++b) out.push_back("b" + std::to_string(b) + "_out");
        return out;
    }
    std::vector<std::string> targets() const {
        std::vector<std::string> out;
        for (int b = 0; b < branches; ++b) {
            if (print) out.push_back("b" + std::to_string(b) + "_print");
            if (assign) out.push_back("b" + std::to_string(b) + "_assign");
        }
        return out;
    }
    std::vector<std::string> feeds() const {
        return assign ? std::vector<std::string>{ "x", "w", "v" } : std::vector<std::string>{ "x", "w" };
    }

    // Compiled with its feeds, fetches and targets, as the loader would build the graph.
    std::shared_ptr<const graphlens::exec::Executable> compile() const {
        tensorflow::GraphDef def;
        if (!google::protobuf::TextFormat::ParseFromString(text(), &def)) throw std::runtime_error("bad GraphDef text");
        const auto mg = graphlens::io::buildFromGraphDef(std::move(def), "wide.pbtxt", {});
        return graphlens::exec::Executable::compileGraph(mg.graph, &mg.library, feeds(), fetches(), targets());
    }

private:
    static std::string node(const std::string& name, const std::string& op, const std::vector<std::string>& inputs,
                            const std::string& attrs) {
        std::string n = "node { name: '" + name + "' op: '" + op + "'";
        for (const auto& in : inputs) n += " input: '" + in + "'";
        return n + " " + attrs + " }\n";
    }
};

} // namespace exectest
