// grappler's function_optimizer, the inlining part: calls of library functions
// (PartitionedCall, StatefulPartitionedCall, ops named after a function) are replaced by the
// callee's body, its nodes renamed "<call>/<node>". Arguments become Identity nodes
// "<call>/<arg>" (waiting for the call's control inputs through "<call>/input_control_node"),
// consumers read the returned tensors. The call node keeps its name as an IdentityN of the
// results when it must survive (fetched, read through control edges, or its body has side
// effects, which then run before it). If/While stay functional; the manager optimises their
// bodies as library functions.
#include <algorithm>
#include <unordered_map>

#include "core/passes/function_graph.h"
#include "core/passes/pass_util.h"
#include "core/passes/passes.h"

namespace graphlens::passes {
namespace {

// The called function of a call node, or "" when the node is not an inlinable call.
std::string callee(const tensorflow::NodeDef& n, const tensorflow::FunctionDefLibrary& library) {
    if (n.op() == "PartitionedCall" || n.op() == "StatefulPartitionedCall") {
        const auto it = n.attr().find("f");
        return it == n.attr().end() ? std::string() : it->second.func().name();
    }
    return findFunction(library, n.op()) ? n.op() : std::string();
}

bool noInline(const tensorflow::FunctionDef& f) {
    for (const char* attr : { "_noinline", "_XlaMustCompile", "_XlaCompile" }) {
        const auto it = f.attr().find(attr);
        if (it != f.attr().end() && it->second.b()) return true;
    }
    return false;
}

bool callsItself(const tensorflow::FunctionDef& f, const tensorflow::FunctionDefLibrary& library) {
    for (const auto& n : f.node_def())
        if (callee(n, library) == f.signature().name()) return true;
    return false;
}

class FunctionOptimizer : public Pass {
public:
    std::string_view name() const override { return "function_optimizer"; }

    void run(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) override {
        // Without functions nothing is a call of one: skip the index over a graph that may be large.
        if (graph.library().function_size() == 0) return;
        // Bodies may call further functions: inline level by level, a bounded number of times.
        for (int round = 0; round < kMaxRounds; ++round)
            if (!inlineOnce(graph, options, report)) return;
        report.notes.push_back("calls nested deeper than " + std::to_string(kMaxRounds) + " levels left as calls");
    }

private:
    static constexpr int kMaxRounds = 8;

    static bool inlineOnce(tensorflow::GraphDef& graph, const PassOptions& options, PassReport& report) {
        const size_t before = report.changes.size();
        const auto preserved = preservedNodes(graph, options);
        // Adding nodes below leaves the library where it is.
        const auto& library = graph.library();
        std::optional<GraphIndex> own;
        const GraphIndex& index = indexOf(graph, before == 0 ? options.index : nullptr, own);
        std::vector<bool> remove(static_cast<size_t>(index.size()), false);
        std::unordered_map<std::string, std::string> data;
        std::vector<tensorflow::NodeDef> added;
        std::unordered_set<std::string> taken;
        for (int32_t i = 0; i < index.size(); ++i) {
            if (options.cancel) options.cancel->throwIfCancelled();
            const auto& call = index.node(i);
            const std::string fname = callee(call, library);
            if (fname.empty()) continue;
            const auto* f = findFunction(library, fname);
            if (!f || noInline(*f) || callsItself(*f, library)) continue;
            std::string why;
            auto body = functionToGraph(*f, library, why);
            if (!body) {
                report.notes.push_back("call '" + call.name() + "' of " + fname + " not inlined: " + why);
                continue;
            }
            inlineCall(index, i, *f, *body, preserved.count(call.name()) > 0, library, remove, data, added, taken,
                       report);
        }
        if (report.changes.size() == before) return false;
        for (auto& n : added) *graph.add_node() = std::move(n);
        redirectInputs(graph, data, {});
        removeNodes(graph, remove);
        return true;
    }

    static void inlineCall(const GraphIndex& index, int32_t i, const tensorflow::FunctionDef& f,
                           const tensorflow::GraphDef& body, bool preserved,
                           const tensorflow::FunctionDefLibrary& library, std::vector<bool>& remove,
                           std::unordered_map<std::string, std::string>& data, std::vector<tensorflow::NodeDef>& added,
                           std::unordered_set<std::string>& taken, PassReport& report) {
        const auto& call = index.node(i);
        const std::string prefix = call.name() + "/";
        std::vector<std::string> callData, callControl;
        for (const auto& in : call.input()) (splitInput(in).second < 0 ? callControl : callData).push_back(in);
        if (callData.size() != static_cast<size_t>(f.signature().input_arg_size())) {
            report.notes.push_back("call '" + call.name() + "' passes " + std::to_string(callData.size()) +
                                   " inputs to " + f.signature().name() + "; not inlined");
            return;
        }
        // New names for the body's nodes.
        std::unordered_map<std::string, std::string> renamed;
        for (const auto& n : body.node()) {
            if (n.op() == "_Retval") continue;
            renamed[n.name()] = uniqueName(index, taken, prefix + n.name());
            taken.insert(renamed[n.name()]);
        }
        std::string inputControl;
        if (!callControl.empty()) {
            tensorflow::NodeDef noop;
            noop.set_name(uniqueName(index, taken, prefix + "input_control_node"));
            taken.insert(noop.name());
            noop.set_op("NoOp");
            noop.set_device(call.device());
            for (const auto& c : callControl) noop.add_input(c);
            inputControl = noop.name();
            report.changes.push_back(
                { ChangeKind::Added, noop.name(), "NoOp", { call.name() }, "the call's control inputs" });
            added.push_back(std::move(noop));
        }
        auto rename = [&](const std::string& in) {
            const auto [name, output] = splitInput(in);
            const auto it = renamed.find(std::string(name));
            return it == renamed.end() ? in : inputString(it->second, output);
        };
        std::vector<std::string> results(static_cast<size_t>(f.signature().output_arg_size()));
        std::vector<std::string> effects;
        for (const auto& n : body.node()) {
            if (n.op() == "_Retval") {
                const auto idx = n.attr().at("index").i();
                if (idx >= 0 && static_cast<size_t>(idx) < results.size())
                    results[static_cast<size_t>(idx)] = rename(n.input(0));
                continue;
            }
            tensorflow::NodeDef copy;
            if (n.op() == "_Arg") {
                const auto idx = n.attr().at("index").i();
                copy.set_name(renamed[n.name()]);
                copy.set_op("Identity");
                (*copy.mutable_attr())["T"] = n.attr().at("T");
                copy.add_input(callData[static_cast<size_t>(idx)]);
            } else {
                copy = n;
                copy.set_name(renamed[n.name()]);
                for (auto& in : *copy.mutable_input()) in = rename(in);
            }
            if (copy.device().empty()) copy.set_device(call.device());
            if (!inputControl.empty() && (n.op() == "_Arg" || n.input_size() == 0)) copy.add_input("^" + inputControl);
            if (n.op() != "_Arg" && hasSideEffects(n, library)) effects.push_back(copy.name());
            report.changes.push_back(
                { ChangeKind::Added, copy.name(), copy.op(), { call.name() }, "inlined from " + f.signature().name() });
            added.push_back(std::move(copy));
        }
        for (const auto& [key, node] : f.control_ret()) {
            const auto it = renamed.find(node);
            if (it != renamed.end() && std::find(effects.begin(), effects.end(), it->second) == effects.end())
                effects.push_back(it->second);
        }
        const bool keepCall = preserved || index.hasControlConsumers(i) || !effects.empty();
        if (!keepCall) {
            for (size_t k = 0; k < results.size(); ++k)
                data.emplace(inputString(call.name(), static_cast<int32_t>(k)), results[k]);
            remove[static_cast<size_t>(i)] = true;
            report.changes.push_back(
                { ChangeKind::Removed, call.name(), call.op(), {}, "inlined " + f.signature().name() });
            return;
        }
        // The call's name survives as the results (and waits for the body's side effects).
        tensorflow::NodeDef keep;
        keep.set_name(call.name());
        keep.set_device(call.device());
        if (results.empty()) keep.set_op("NoOp");
        else {
            keep.set_op("IdentityN");
            auto* types = (*keep.mutable_attr())["T"].mutable_list();
            for (const auto& a : f.signature().output_arg()) types->add_type(a.type());
            for (const auto& r : results) keep.add_input(r);
        }
        for (const auto& e : effects) keep.add_input("^" + e);
        tidyInputs(keep);
        remove[static_cast<size_t>(i)] = true;
        report.changes.push_back({ ChangeKind::Rewritten,
                                   call.name(),
                                   keep.op(),
                                   {},
                                   "inlined " + f.signature().name() + "; the call's name keeps its results" });
        added.push_back(std::move(keep));
    }
};

} // namespace

std::unique_ptr<Pass> makeFunctionOptimizer() {
    return std::make_unique<FunctionOptimizer>();
}

} // namespace graphlens::passes
