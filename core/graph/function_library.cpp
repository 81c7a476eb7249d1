#include "core/graph/function_library.h"

#include <algorithm>
#include <charconv>
#include <set>

namespace graphlens::graph {
namespace {

struct PortContext {
    const OpRegistry* ops;
    const std::unordered_map<std::string, const tensorflow::OpDef*>* signatures;
};

// Inside a FunctionDef an input is "node:output_arg:index"; turn that into a flat output index.
int32_t resolveFunctionPort(const void* context, const Node& producer, std::string_view port) {
    const auto* ctx = static_cast<const PortContext*>(context);
    const size_t colon = port.rfind(':');
    const std::string arg(port.substr(0, colon));
    int32_t index = 0;
    if (colon != std::string_view::npos) {
        const std::string_view digits = port.substr(colon + 1);
        std::from_chars(digits.data(), digits.data() + digits.size(), index);
    }
    auto sig = ctx->signatures->find(producer.op());
    if (sig != ctx->signatures->end()) {
        // A call of a library function by op name: one tensor per output arg.
        for (int i = 0; i < sig->second->output_arg_size(); ++i)
            if (sig->second->output_arg(i).name() == arg) return i;
        return index;
    }
    const int32_t flat = ctx->ops->outputIndex(producer.def(), arg, index);
    return flat >= 0 ? flat : index;
}

void addFuncRefs(Node& node, const std::string& attrName, const tensorflow::AttrValue& value) {
    if (value.has_func()) node.functions.push_back({ attrName, value.func().name() });
    if (value.has_list())
        for (const auto& f : value.list().func()) node.functions.push_back({ attrName, f.name() });
}

} // namespace

FunctionLibrary::FunctionLibrary(tensorflow::FunctionDefLibrary&& library, const OpRegistry& ops) {
    m_functions.reserve(static_cast<size_t>(library.function_size()));
    for (auto& def : *library.mutable_function()) {
        Function f;
        f.name = def.signature().name();
        f.def.Swap(&def);
        if (!m_byName.emplace(f.name, static_cast<int32_t>(m_functions.size())).second) {
            m_warnings.push_back("function '" + f.name + "' is defined twice; the first definition is used");
            continue;
        }
        m_functions.push_back(std::move(f));
    }
    for (const auto& g : library.gradient()) {
        auto it = m_byName.find(g.function_name());
        if (it != m_byName.end()) m_functions[static_cast<size_t>(it->second)].gradient = g.gradient_func();
    }

    std::unordered_map<std::string, const tensorflow::OpDef*> signatures;
    for (const Function& f : m_functions) signatures.emplace(f.name, &f.def.signature());
    const PortContext context{ &ops, &signatures };

    for (Function& f : m_functions) {
        Graph& body = f.body;
        const auto& sig = f.def.signature();
        for (int i = 0; i < sig.input_arg_size(); ++i) {
            Node arg;
            arg.kind = NodeKind::Arg;
            arg.def().set_name(sig.input_arg(i).name());
            arg.def().set_op("_Arg");
            (*arg.def().mutable_attr())["index"].set_i(i);
            if (sig.input_arg(i).type() != tensorflow::DT_INVALID)
                (*arg.def().mutable_attr())["T"].set_type(sig.input_arg(i).type());
            arg.numOutputs = 1;
            body.addNode(std::move(arg));
        }
        f.nodeDefCount = f.def.node_def_size();
        std::vector<std::unique_ptr<tensorflow::NodeDef>> released(static_cast<size_t>(f.nodeDefCount));
        for (int i = f.nodeDefCount - 1; i >= 0; --i)
            released[static_cast<size_t>(i)].reset(f.def.mutable_node_def()->ReleaseLast());
        for (auto& def : released) body.addNode(Node(std::move(def)));
        std::set<std::string> names;
        for (const Node& n : body.nodes()) names.insert(n.name());
        for (int i = 0; i < sig.output_arg_size(); ++i) {
            const std::string& outName = sig.output_arg(i).name();
            Node ret;
            ret.kind = NodeKind::Retval;
            std::string name = outName;
            while (names.count(name)) name += "_retval";
            ret.def().set_name(name);
            ret.def().set_op("_Retval");
            (*ret.def().mutable_attr())["index"].set_i(i);
            auto it = f.def.ret().find(outName);
            if (it != f.def.ret().end()) ret.def().add_input(it->second);
            else m_warnings.push_back("function '" + f.name + "': output '" + outName + "' has no ret entry");
            ret.numOutputs = 0;
            body.addNode(std::move(ret));
        }
        for (Node& n : body.nodes()) {
            if (n.kind != NodeKind::Op) continue;
            for (const auto& [attrName, value] : n.def().attr()) addFuncRefs(n, attrName, value);
            if (signatures.count(n.op())) n.functions.push_back({ "", n.op() });
            auto sigIt = signatures.find(n.op());
            if (sigIt != signatures.end()) n.numOutputs = sigIt->second->output_arg_size();
            else if (!ops.outputTypes(n.def()).empty() || ops.find(n.op()))
                n.numOutputs = static_cast<int32_t>(ops.outputTypes(n.def()).size());
        }
        body.finalize(&resolveFunctionPort, &context);
    }

    for (size_t caller = 0; caller < m_functions.size(); ++caller)
        collectCalls(static_cast<int32_t>(caller), m_functions[caller].body);
    analyseCallGraph();
}

const Function* FunctionLibrary::find(const std::string& name) const {
    const int32_t i = indexOf(name);
    return i < 0 ? nullptr : &m_functions[static_cast<size_t>(i)];
}

int32_t FunctionLibrary::indexOf(const std::string& name) const {
    auto it = m_byName.find(name);
    return it == m_byName.end() ? -1 : it->second;
}

void FunctionLibrary::attachRefs(Graph& graph) const {
    for (Node& n : graph.nodes()) {
        if (n.kind != NodeKind::Op || !n.functions.empty()) continue;
        for (const auto& [attrName, value] : n.def().attr()) addFuncRefs(n, attrName, value);
        if (m_byName.count(n.op())) {
            n.functions.push_back({ "", n.op() });
            n.numOutputs = find(n.op())->def.signature().output_arg_size();
        }
    }
}

void FunctionLibrary::linkCalls(const Graph& mainGraph) {
    collectCalls(-1, mainGraph);
}

void FunctionLibrary::collectCalls(int32_t caller, const Graph& graph) {
    std::set<std::string> missing;
    for (size_t id = 0; id < graph.size(); ++id) {
        for (const FunctionRef& ref : graph.nodes()[id].functions) {
            const int32_t callee = indexOf(ref.function);
            if (callee < 0) {
                missing.insert(ref.function);
                continue;
            }
            m_callSites.push_back({ caller, static_cast<NodeId>(id), ref.attr, callee });
            Function& target = m_functions[static_cast<size_t>(callee)];
            if (caller < 0) {
                ++target.topLevelCallSites;
                continue;
            }
            Function& from = m_functions[static_cast<size_t>(caller)];
            if (std::find(from.callees.begin(), from.callees.end(), callee) == from.callees.end())
                from.callees.push_back(callee);
            if (std::find(target.callers.begin(), target.callers.end(), caller) == target.callers.end())
                target.callers.push_back(caller);
        }
    }
    for (const std::string& name : missing) {
        const std::string where =
            caller < 0 ? "the graph" : "function '" + m_functions[static_cast<size_t>(caller)].name + "'";
        m_warnings.push_back(where + " calls '" + name + "', which is not in the function library");
    }
}

void FunctionLibrary::analyseCallGraph() {
    // Iterative Tarjan: hostile files may nest calls deeper than the native stack allows.
    const size_t n = m_functions.size();
    std::vector<int32_t> index(n, -1), low(n, 0), component(n, -1);
    std::vector<bool> onStack(n, false);
    std::vector<int32_t> stack;
    std::vector<std::vector<int32_t>> components;
    int32_t counter = 0;
    struct Frame {
        int32_t v;
        size_t next;
    };
    for (size_t root = 0; root < n; ++root) {
        if (index[root] >= 0) continue;
        std::vector<Frame> work{ { static_cast<int32_t>(root), 0 } };
        index[root] = low[root] = counter++;
        stack.push_back(static_cast<int32_t>(root));
        onStack[root] = true;
        while (!work.empty()) {
            Frame& top = work.back();
            const auto v = static_cast<size_t>(top.v);
            const auto& callees = m_functions[v].callees;
            if (top.next < callees.size()) {
                const auto w = static_cast<size_t>(callees[top.next++]);
                if (index[w] < 0) {
                    index[w] = low[w] = counter++;
                    stack.push_back(static_cast<int32_t>(w));
                    onStack[w] = true;
                    work.push_back({ static_cast<int32_t>(w), 0 });
                } else if (onStack[w]) {
                    low[v] = std::min(low[v], index[w]);
                }
                continue;
            }
            if (low[v] == index[v]) {
                std::vector<int32_t> members;
                int32_t w;
                do {
                    w = stack.back();
                    stack.pop_back();
                    onStack[static_cast<size_t>(w)] = false;
                    component[static_cast<size_t>(w)] = static_cast<int32_t>(components.size());
                    members.push_back(w);
                } while (static_cast<size_t>(w) != v);
                components.push_back(std::move(members));
            }
            const int32_t finished = top.v;
            work.pop_back();
            if (!work.empty()) {
                const auto parent = static_cast<size_t>(work.back().v);
                low[parent] = std::min(low[parent], low[static_cast<size_t>(finished)]);
            }
        }
    }
    m_recursive.assign(n, false);
    m_depth.assign(n, 0);
    // Tarjan emits components callees-first, so depths can be filled in emission order.
    std::vector<int32_t> componentDepth(components.size(), 0);
    for (size_t c = 0; c < components.size(); ++c) {
        const auto& members = components[c];
        bool recursive = members.size() > 1;
        int32_t depth = 0;
        for (int32_t f : members) {
            for (int32_t callee : m_functions[static_cast<size_t>(f)].callees) {
                const int32_t cc = component[static_cast<size_t>(callee)];
                if (static_cast<size_t>(cc) == c) recursive = true;
                else depth = std::max(depth, componentDepth[static_cast<size_t>(cc)] + 1);
            }
        }
        componentDepth[c] = depth;
        for (int32_t f : members) {
            m_recursive[static_cast<size_t>(f)] = recursive;
            m_depth[static_cast<size_t>(f)] = depth;
        }
        if (recursive) {
            std::string names;
            for (int32_t f : members) names += (names.empty() ? "" : ", ") + m_functions[static_cast<size_t>(f)].name;
            m_warnings.push_back("recursive function references: " + names +
                                 " (expanding them in place stops at the first repeat)");
        }
    }
}

} // namespace graphlens::graph
