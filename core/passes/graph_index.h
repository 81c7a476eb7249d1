#pragma once
// A read-only index over a GraphDef's nodes for passes: name -> position, each node's data and
// control producers, and each node's consumers. Rebuild it after a pass rewrites the graph.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/proto/graph.pb.h"

namespace graphlens::passes {

struct TensorRef {
    int32_t node = -1;  // position in GraphDef.node; -1 when the name is not in the graph
    int32_t output = 0; // -1 for a control input
};

struct ConsumerRef {
    int32_t node = -1;
    int32_t inputIndex = -1; // position in the consumer's input list
    int32_t output = 0;      // which output of the producer it reads; -1 for control
};

class GraphIndex {
public:
    explicit GraphIndex(const tensorflow::GraphDef& graph);

    const tensorflow::GraphDef& graph() const { return *m_graph; }
    int32_t find(std::string_view name) const; // -1 when absent
    const tensorflow::NodeDef& node(int32_t i) const { return m_graph->node(i); }
    int32_t size() const { return m_graph->node_size(); }
    // Producers of node i's inputs, in input order (control inputs have output -1).
    std::span<const TensorRef> inputs(int32_t i) const { return slice(m_inputs, m_inputStart, i); }
    std::span<const ConsumerRef> consumers(int32_t i) const { return slice(m_consumers, m_consumerStart, i); }
    // Data consumers of output `output` of node i.
    int32_t dataConsumerCount(int32_t i, int32_t output) const;
    bool hasControlConsumers(int32_t i) const;
    bool hasControlInputs(int32_t i) const;
    // Nodes in an order where producers come before consumers (ignoring back edges of v1
    // loops: NextIteration inputs); nodes of a cycle come last, in graph order.
    std::vector<int32_t> topologicalOrder() const;

private:
    template<typename T>
    static std::span<const T> slice(const std::vector<T>& all, const std::vector<int32_t>& start, int32_t i) {
        const auto at = static_cast<size_t>(i);
        return { all.data() + start[at], static_cast<size_t>(start[at + 1] - start[at]) };
    }

    // Passes build an index after nearly every rewrite, on graphs of 100k nodes and more, so it
    // is flat: an open-addressed name table and one array of edges per direction, with each
    // node's run found by offset (a vector per node and a node-based map were most of the cost).
    struct Slot {
        const char* name = nullptr; // the node's name, held here to save two pointer hops per probe
        uint32_t size = 0;
        uint32_t hash = 0;
        int32_t node = -1;
    };
    const tensorflow::GraphDef* m_graph;
    std::vector<Slot> m_slots; // size a power of two, at most half full
    std::vector<TensorRef> m_inputs;
    std::vector<int32_t> m_inputStart; // node i's inputs are m_inputs[m_inputStart[i] .. m_inputStart[i+1])
    std::vector<ConsumerRef> m_consumers;
    std::vector<int32_t> m_consumerStart;
};

// `shared` when it indexes `graph` (the manager lends a pass the index it kept while the passes
// before changed nothing: on 100k-node graphs the builds were a fifth of optimize's time), else
// one built into `own`. A pass that rewrote the graph since must not pass `shared` on.
const GraphIndex& indexOf(const tensorflow::GraphDef& graph, const GraphIndex* shared, std::optional<GraphIndex>& own);

// "name", "name:1", "^name" -> node name and output (-1 for control).
std::pair<std::string_view, int32_t> splitInput(std::string_view input);
// The input string for output `output` of node `name` ("name" for 0, "name:1", "^name" for -1).
std::string inputString(std::string_view name, int32_t output);

} // namespace graphlens::passes
