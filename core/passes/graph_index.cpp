#include "core/passes/graph_index.h"

#include <charconv>

#include <queue>

namespace graphlens::passes {

std::pair<std::string_view, int32_t> splitInput(std::string_view input) {
    if (!input.empty() && input.front() == '^') return { input.substr(1), -1 };
    const auto colon = input.rfind(':');
    if (colon == std::string_view::npos) return { input, 0 };
    int32_t output = 0;
    const auto port = input.substr(colon + 1);
    const auto [end, ec] = std::from_chars(port.data(), port.data() + port.size(), output);
    // Function-body forms ("node:out_arg:2") are not GraphDef inputs; treat a non-number port
    // as part of the name so they fail to resolve rather than alias another node.
    if (ec != std::errc() || end != port.data() + port.size()) return { input, 0 };
    return { input.substr(0, colon), output };
}

std::string inputString(std::string_view name, int32_t output) {
    if (output < 0) return "^" + std::string(name);
    if (output == 0) return std::string(name);
    return std::string(name) + ":" + std::to_string(output);
}

GraphIndex::GraphIndex(const tensorflow::GraphDef& graph)
    : m_graph(&graph) {
    const auto n = static_cast<size_t>(graph.node_size());
    m_byName.reserve(n);
    for (int32_t i = 0; i < graph.node_size(); ++i) m_byName.emplace(graph.node(i).name(), i);
    m_inputs.resize(n);
    m_consumers.resize(n);
    for (int32_t i = 0; i < graph.node_size(); ++i) {
        const auto& def = graph.node(i);
        auto& ins = m_inputs[static_cast<size_t>(i)];
        ins.reserve(static_cast<size_t>(def.input_size()));
        for (int32_t k = 0; k < def.input_size(); ++k) {
            const auto [name, output] = splitInput(def.input(k));
            const int32_t producer = find(name);
            ins.push_back({ producer, output });
            if (producer >= 0) m_consumers[static_cast<size_t>(producer)].push_back({ i, k, output });
        }
    }
}

int32_t GraphIndex::find(std::string_view name) const {
    const auto it = m_byName.find(name);
    return it == m_byName.end() ? -1 : it->second;
}

int32_t GraphIndex::dataConsumerCount(int32_t i, int32_t output) const {
    int32_t count = 0;
    for (const auto& c : consumers(i))
        if (c.output == output) ++count;
    return count;
}

bool GraphIndex::hasControlConsumers(int32_t i) const {
    for (const auto& c : consumers(i))
        if (c.output < 0) return true;
    return false;
}

bool GraphIndex::hasControlInputs(int32_t i) const {
    for (const auto& in : inputs(i))
        if (in.output < 0) return true;
    return false;
}

std::vector<int32_t> GraphIndex::topologicalOrder() const {
    const auto n = static_cast<size_t>(size());
    std::vector<int32_t> pending(n, 0);
    for (size_t i = 0; i < n; ++i) {
        if (m_graph->node(static_cast<int>(i)).op() == "Merge") {
            // A v1 loop's Merge waits only for its Enter; the NextIteration edge closes the loop.
            for (const auto& in : m_inputs[i])
                if (in.node >= 0 && m_graph->node(in.node).op() != "NextIteration") ++pending[i];
        } else {
            for (const auto& in : m_inputs[i])
                if (in.node >= 0) ++pending[i];
        }
    }
    std::vector<int32_t> order;
    order.reserve(n);
    std::queue<int32_t> ready;
    for (size_t i = 0; i < n; ++i)
        if (pending[i] == 0) ready.push(static_cast<int32_t>(i));
    std::vector<bool> placed(n, false);
    while (!ready.empty()) {
        const int32_t i = ready.front();
        ready.pop();
        placed[static_cast<size_t>(i)] = true;
        order.push_back(i);
        const bool isNextIteration = m_graph->node(i).op() == "NextIteration";
        for (const auto& c : consumers(i)) {
            if (isNextIteration && m_graph->node(c.node).op() == "Merge") continue;
            if (--pending[static_cast<size_t>(c.node)] == 0) ready.push(c.node);
        }
    }
    for (size_t i = 0; i < n; ++i)
        if (!placed[i]) order.push_back(static_cast<int32_t>(i));
    return order;
}

} // namespace graphlens::passes
