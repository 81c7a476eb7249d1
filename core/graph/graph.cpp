#include "core/graph/graph.h"

#include <algorithm>
#include <charconv>
#include <deque>

namespace graphlens::graph {

InputRef parseInput(std::string_view input) {
    InputRef ref;
    if (!input.empty() && input.front() == '^') {
        ref.control = true;
        ref.node = input.substr(1);
        return ref;
    }
    const size_t colon = input.find(':');
    if (colon == std::string_view::npos) {
        ref.node = input;
    } else {
        ref.node = input.substr(0, colon);
        ref.port = input.substr(colon + 1);
    }
    return ref;
}

NodeId Graph::find(std::string_view name) const {
    auto it = std::lower_bound(m_byName.begin(), m_byName.end(), name, [this](NodeId id, std::string_view n) {
        return m_nodes[static_cast<size_t>(id)].name() < n;
    });
    if (it == m_byName.end() || m_nodes[static_cast<size_t>(*it)].name() != name) return kNoNode;
    return *it;
}

NodeId Graph::addNode(Node node) {
    m_nodes.push_back(std::move(node));
    return static_cast<NodeId>(m_nodes.size() - 1);
}

const tensorflow::TensorShapeProto* Graph::declaredShape(NodeId id, int32_t output) const {
    const auto& attrs = node(id).def().attr();
    auto it = attrs.find("_output_shapes");
    if (it == attrs.end() || !it->second.has_list()) return nullptr;
    const auto& shapes = it->second.list().shape();
    if (output < 0 || output >= shapes.size()) return nullptr;
    return &shapes[output];
}

void Graph::finalize(PortResolver resolvePort, const void* context) {
    m_byName.resize(m_nodes.size());
    for (size_t i = 0; i < m_nodes.size(); ++i) m_byName[i] = static_cast<NodeId>(i);
    // Stable, so among duplicate names the first definition is the one edges resolve to.
    std::stable_sort(m_byName.begin(), m_byName.end(), [this](NodeId a, NodeId b) {
        return m_nodes[static_cast<size_t>(a)].name() < m_nodes[static_cast<size_t>(b)].name();
    });
    for (size_t i = 1; i < m_byName.size(); ++i) {
        const std::string& name = m_nodes[static_cast<size_t>(m_byName[i])].name();
        if (name == m_nodes[static_cast<size_t>(m_byName[i - 1])].name())
            addWarning("duplicate node name '" + name + "': later definition ignored for edges");
    }
    resolveInputs(resolvePort, context);
    buildScopes();
    checkCycles();
    buildFrames();
}

void Graph::resolveInputs(PortResolver resolvePort, const void* context) {
    // Edges are gathered as (producer, consumer) and grouped by producer afterwards (counting sort).
    std::vector<std::pair<NodeId, Consumer>> edges;
    size_t unresolved = 0;
    std::string firstUnresolved;
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        Node& n = m_nodes[i];
        n.inputs.clear();
        n.controlInputs.clear();
        for (const std::string& input : n.def().input()) {
            const InputRef ref = parseInput(input);
            const NodeId producer = find(ref.node);
            if (ref.control) {
                if (producer == kNoNode) {
                    if (unresolved++ == 0) firstUnresolved = input;
                    continue;
                }
                n.controlInputs.push_back(producer);
                edges.push_back({ producer, { static_cast<NodeId>(i), -1 } });
                continue;
            }
            Endpoint ep;
            ep.node = producer;
            if (producer == kNoNode) {
                if (unresolved++ == 0) firstUnresolved = input;
            } else if (!ref.port.empty()) {
                int32_t port = -1;
                auto [ptr, ec] = std::from_chars(ref.port.data(), ref.port.data() + ref.port.size(), port);
                if (ec != std::errc() || ptr != ref.port.data() + ref.port.size()) {
                    port = resolvePort ? resolvePort(context, m_nodes[static_cast<size_t>(producer)], ref.port) : -1;
                }
                ep.output = std::max(port, 0);
            }
            const int32_t inputIndex = static_cast<int32_t>(n.inputs.size());
            n.inputs.push_back(ep);
            if (producer != kNoNode) edges.push_back({ producer, { static_cast<NodeId>(i), inputIndex } });
        }
    }
    m_consumerStart.assign(m_nodes.size() + 1, 0);
    for (const auto& e : edges) ++m_consumerStart[static_cast<size_t>(e.first) + 1];
    for (size_t i = 1; i < m_consumerStart.size(); ++i) m_consumerStart[i] += m_consumerStart[i - 1];
    m_consumers.assign(edges.size(), {});
    std::vector<uint32_t> fill(m_consumerStart.begin(), m_consumerStart.end() - 1);
    for (const auto& e : edges) m_consumers[fill[static_cast<size_t>(e.first)]++] = e.second;
    if (unresolved > 0) {
        addWarning(std::to_string(unresolved) + " input reference(s) name no node in this graph (first: '" +
                   firstUnresolved + "')");
    }
}

void Graph::buildScopes() {
    m_scopes.clear();
    m_scopes.push_back(Scope{});
    std::unordered_map<std::string_view, int32_t> byPath;
    // Paths are views into node names, which stay put once finalize() runs.
    // Each scope keeps its full path, so a hostile name with thousands of segments would cost memory
    // quadratic in its length (and deep recursion when drawing clusters): deeper segments stay in the
    // deepest scope.
    constexpr int kMaxScopeDepth = 128;
    bool tooDeep = false;
    auto scopeFor = [&](std::string_view path) -> int32_t {
        int32_t current = 0;
        size_t start = 0;
        for (int depth = 0; start < path.size(); ++depth) {
            if (depth == kMaxScopeDepth) {
                tooDeep = true;
                break;
            }
            size_t slash = path.find('/', start);
            if (slash == std::string_view::npos) slash = path.size();
            const std::string_view prefix = path.substr(0, slash);
            auto it = byPath.find(prefix);
            if (it == byPath.end()) {
                Scope scope;
                scope.path = std::string(prefix);
                scope.label = std::string(path.substr(start, slash - start));
                scope.parent = current;
                const auto id = static_cast<int32_t>(m_scopes.size());
                m_scopes.push_back(std::move(scope));
                m_scopes[static_cast<size_t>(current)].childScopes.push_back(id);
                it = byPath.emplace(prefix, id).first;
            }
            current = it->second;
            start = slash + 1;
        }
        return current;
    };
    for (size_t i = 0; i < m_nodes.size(); ++i) {
        const std::string& name = m_nodes[i].name();
        const size_t slash = name.rfind('/');
        const int32_t scope = slash == std::string::npos ? 0 : scopeFor(std::string_view(name).substr(0, slash));
        m_nodes[i].scope = scope;
        m_scopes[static_cast<size_t>(scope)].nodes.push_back(static_cast<NodeId>(i));
    }
    if (tooDeep)
        addWarning("node names nest name scopes more than " + std::to_string(kMaxScopeDepth) +
                   " levels deep; deeper levels are not shown as scopes");
    // Children were created before their parents' totals are known: accumulate bottom-up.
    for (auto& scope : m_scopes) scope.totalNodes = static_cast<int64_t>(scope.nodes.size());
    for (size_t s = m_scopes.size(); s-- > 1;) {
        const int32_t parent = m_scopes[s].parent;
        m_scopes[static_cast<size_t>(parent)].totalNodes += m_scopes[s].totalNodes;
    }
}

void Graph::checkCycles() {
    // Kahn's algorithm, ignoring NextIteration -> Merge back edges, which TF1 loops need.
    const size_t n = m_nodes.size();
    std::vector<int32_t> indegree(n, 0);
    auto isBackEdge = [&](NodeId producer, NodeId consumer) {
        return m_nodes[static_cast<size_t>(producer)].op() == "NextIteration" &&
            (m_nodes[static_cast<size_t>(consumer)].op() == "Merge" ||
             m_nodes[static_cast<size_t>(consumer)].op() == "RefMerge");
    };
    for (size_t p = 0; p < n; ++p)
        for (const Consumer& c : consumers(static_cast<NodeId>(p)))
            if (!isBackEdge(static_cast<NodeId>(p), c.node)) ++indegree[static_cast<size_t>(c.node)];
    std::vector<NodeId> ready;
    for (size_t i = 0; i < n; ++i)
        if (indegree[i] == 0) ready.push_back(static_cast<NodeId>(i));
    size_t visited = 0;
    while (!ready.empty()) {
        const NodeId id = ready.back();
        ready.pop_back();
        ++visited;
        for (const Consumer& c : consumers(id)) {
            if (isBackEdge(id, c.node)) continue;
            if (--indegree[static_cast<size_t>(c.node)] == 0) ready.push_back(c.node);
        }
    }
    m_illegalCycle = visited != n;
    if (m_illegalCycle) {
        std::string example;
        for (size_t i = 0; i < n && example.empty(); ++i)
            if (indegree[i] > 0) example = m_nodes[i].name();
        addWarning("graph has a cycle that is not a TF1 while loop (" + std::to_string(n - visited) +
                   " nodes involved, e.g. '" + example + "'); it is shown but cannot be executed");
    }
}

void Graph::buildFrames() {
    // TF's ControlFlowInfo rule: Enter starts a child frame named by frame_name; Exit returns to the
    // parent frame of its input; every other node is in the frame of its inputs.
    m_frames.clear();
    bool hasEnter = false;
    for (const Node& node : m_nodes) hasEnter = hasEnter || node.op() == "Enter" || node.op() == "RefEnter";
    if (!hasEnter) return;

    const size_t n = m_nodes.size();
    std::vector<bool> seen(n, false);
    std::deque<NodeId> queue;
    for (size_t i = 0; i < n; ++i) {
        if (m_nodes[i].inputs.empty() && m_nodes[i].controlInputs.empty()) {
            seen[i] = true;
            queue.push_back(static_cast<NodeId>(i));
        }
    }
    std::unordered_map<std::string, int32_t> frameByKey; // parent id + name
    while (!queue.empty()) {
        const NodeId id = queue.front();
        queue.pop_front();
        Node& node = m_nodes[static_cast<size_t>(id)];
        const int32_t frame = node.frame;
        if (frame >= 0) m_frames[static_cast<size_t>(frame)].nodes.push_back(id);
        for (const Consumer& c : consumers(id)) {
            const auto ci = static_cast<size_t>(c.node);
            if (seen[ci]) continue;
            seen[ci] = true;
            Node& out = m_nodes[ci];
            if (out.op() == "Enter" || out.op() == "RefEnter") {
                auto attr = out.def().attr().find("frame_name");
                const std::string name = attr == out.def().attr().end() ? out.name() : attr->second.s();
                const std::string key = std::to_string(frame) + "/" + name;
                auto it = frameByKey.find(key);
                if (it == frameByKey.end()) {
                    Frame f;
                    f.name = name;
                    f.parent = frame;
                    m_frames.push_back(std::move(f));
                    it = frameByKey.emplace(key, static_cast<int32_t>(m_frames.size() - 1)).first;
                }
                out.frame = it->second;
                m_frames[static_cast<size_t>(it->second)].enters.push_back(c.node);
            } else if (out.op() == "Exit" || out.op() == "RefExit") {
                out.frame = frame >= 0 ? m_frames[static_cast<size_t>(frame)].parent : -1;
                if (frame >= 0) m_frames[static_cast<size_t>(frame)].exits.push_back(c.node);
            } else {
                out.frame = frame;
            }
            queue.push_back(c.node);
        }
    }
}

std::vector<bool> Graph::backwardSlice(const std::vector<NodeId>& outputs) const {
    std::vector<bool> in(m_nodes.size(), false);
    std::vector<NodeId> stack;
    for (NodeId id : outputs) {
        if (id >= 0 && static_cast<size_t>(id) < m_nodes.size() && !in[static_cast<size_t>(id)]) {
            in[static_cast<size_t>(id)] = true;
            stack.push_back(id);
        }
    }
    auto visit = [&](NodeId p) {
        if (p != kNoNode && !in[static_cast<size_t>(p)]) {
            in[static_cast<size_t>(p)] = true;
            stack.push_back(p);
        }
    };
    while (!stack.empty()) {
        const Node& node = m_nodes[static_cast<size_t>(stack.back())];
        stack.pop_back();
        for (const Endpoint& ep : node.inputs) visit(ep.node);
        for (NodeId p : node.controlInputs) visit(p);
    }
    return in;
}

} // namespace graphlens::graph
