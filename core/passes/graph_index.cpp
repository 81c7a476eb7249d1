#include "core/passes/graph_index.h"

#include <charconv>
#include <functional>

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

namespace {
uint32_t hashName(std::string_view name) {
    return static_cast<uint32_t>(std::hash<std::string_view>{}(name));
}
} // namespace

GraphIndex::GraphIndex(const tensorflow::GraphDef& graph)
    : m_graph(&graph) {
    const int32_t n = graph.node_size();
    size_t capacity = 16;
    while (capacity < 2 * static_cast<size_t>(n)) capacity *= 2;
    m_slots.resize(capacity);
    const size_t mask = capacity - 1;
    for (int32_t i = 0; i < n; ++i) {
        const std::string& name = graph.node(i).name();
        const uint32_t h = hashName(name);
        for (size_t s = h & mask;; s = (s + 1) & mask) {
            Slot& slot = m_slots[s];
            if (slot.node < 0) {
                slot = { name.data(), static_cast<uint32_t>(name.size()), h, i };
                break;
            }
            // The first of two nodes with one name wins, as the map's emplace did.
            if (slot.hash == h && std::string_view(slot.name, slot.size) == name) break;
        }
    }
    m_inputStart.resize(static_cast<size_t>(n) + 1);
    size_t edges = 0;
    for (int32_t i = 0; i < n; ++i) edges += static_cast<size_t>(graph.node(i).input_size());
    m_inputs.reserve(edges);
    std::vector<int32_t> consumerCount(static_cast<size_t>(n) + 1, 0);
    for (int32_t i = 0; i < n; ++i) {
        m_inputStart[static_cast<size_t>(i)] = static_cast<int32_t>(m_inputs.size());
        for (const auto& input : graph.node(i).input()) {
            const auto [name, output] = splitInput(input);
            const int32_t producer = find(name);
            m_inputs.push_back({ producer, output });
            if (producer >= 0) ++consumerCount[static_cast<size_t>(producer)];
        }
    }
    m_inputStart[static_cast<size_t>(n)] = static_cast<int32_t>(m_inputs.size());
    m_consumerStart.resize(static_cast<size_t>(n) + 1);
    int32_t total = 0;
    for (size_t i = 0; i <= static_cast<size_t>(n); ++i) {
        m_consumerStart[i] = total;
        total += consumerCount[i];
    }
    m_consumers.resize(static_cast<size_t>(total));
    // Fill in consumer order (by consumer, then input position), as the vectors were.
    std::vector<int32_t> next(m_consumerStart.begin(), m_consumerStart.end() - 1);
    for (int32_t i = 0; i < n; ++i) {
        const int32_t first = m_inputStart[static_cast<size_t>(i)];
        for (int32_t k = 0; first + k < m_inputStart[static_cast<size_t>(i) + 1]; ++k) {
            const TensorRef& in = m_inputs[static_cast<size_t>(first + k)];
            if (in.node >= 0)
                m_consumers[static_cast<size_t>(next[static_cast<size_t>(in.node)]++)] = { i, k, in.output };
        }
    }
}

const GraphIndex& indexOf(const tensorflow::GraphDef& graph, const GraphIndex* shared, std::optional<GraphIndex>& own) {
    if (shared && &shared->graph() == &graph && shared->size() == graph.node_size()) return *shared;
    return own.emplace(graph);
}

int32_t GraphIndex::find(std::string_view name) const {
    const uint32_t h = hashName(name);
    const size_t mask = m_slots.size() - 1;
    for (size_t s = h & mask;; s = (s + 1) & mask) {
        const Slot& slot = m_slots[s];
        if (slot.node < 0) return -1;
        if (slot.hash == h && std::string_view(slot.name, slot.size) == name) return slot.node;
    }
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
            for (const auto& in : inputs(static_cast<int32_t>(i)))
                if (in.node >= 0 && m_graph->node(in.node).op() != "NextIteration") ++pending[i];
        } else {
            for (const auto& in : inputs(static_cast<int32_t>(i)))
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
