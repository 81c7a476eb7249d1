#include "core/layout/view_graph.h"

#include <algorithm>
#include <map>
#include <memory>

namespace graphlens::layout {
namespace {

using graph::Graph;
using graph::kNoNode;
using graph::NodeId;

// How a call op's inputs and outputs map onto the _Arg/_Retval nodes of one called body.
struct Wiring {
    bool wired = false;      // false: the body is shown but not connected (e.g. dataset functions)
    int32_t inputOffset = 0; // call input i feeds _Arg (i - offset)
    bool providesOutputs = false;
};

Wiring wiringFor(const std::string& op, const std::string& attr) {
    if (op == "If" || op == "StatelessIf" || op == "_If")
        return { attr == "then_branch" || attr == "else_branch", 1, true };
    if (op == "Case" || op == "StatelessCase" || op == "_Case") return { attr == "branches", 1, true };
    if (op == "While" || op == "StatelessWhile" || op == "_While") {
        if (attr == "cond") return { true, 0, false };
        return { attr == "body", 0, attr == "body" };
    }
    if (op == "PartitionedCall" || op == "StatefulPartitionedCall" || op == "TPUPartitionedCall" || attr.empty())
        return { true, 0, true };
    return {};
}

// _Arg or _Retval nodes of a body by their "index" attribute (or order of appearance).
std::vector<NodeId> portNodes(const Graph& body, graph::NodeKind kind) {
    std::vector<NodeId> ports;
    int32_t ordinal = 0;
    for (NodeId id = 0; id < static_cast<NodeId>(body.size()); ++id) {
        const auto& node = body.node(id);
        if (node.kind != kind) continue;
        int32_t index = ordinal++;
        const auto found = node.def().attr().find("index");
        if (found != node.def().attr().end() && found->second.value_case() == tensorflow::AttrValue::kI)
            index = static_cast<int32_t>(found->second.i());
        if (index < 0 || index > 100000) continue;
        if (static_cast<size_t>(index) >= ports.size()) ports.resize(static_cast<size_t>(index) + 1, kNoNode);
        ports[static_cast<size_t>(index)] = id;
    }
    return ports;
}

// Plumbing ops (constants, variable reads, identities) say little about what a scope computes:
// they sort after the others, so "Conv2D 10 · FusedBatchNorm 10" wins over "Const 30".
bool isPlumbing(const std::string& op) {
    static const std::unordered_set<std::string> plumbing{ "Const",
                                                           "Identity",
                                                           "ReadVariableOp",
                                                           "VarHandleOp",
                                                           "AssignVariableOp",
                                                           "VarIsInitializedOp",
                                                           "NoOp",
                                                           "VariableV2",
                                                           "Assign",
                                                           "IsVariableInitialized",
                                                           "Placeholder",
                                                           "Shape",
                                                           "Reshape",
                                                           "StopGradient",
                                                           "TruncatedNormal",
                                                           "RandomUniform",
                                                           "L2Loss",
                                                           "Mul",
                                                           "Add",
                                                           "Sub",
                                                           "RestoreV2",
                                                           "SaveV2" };
    return plumbing.count(op) > 0;
}

void sortHistogram(std::vector<std::pair<std::string, int64_t>>& histogram) {
    std::sort(histogram.begin(), histogram.end(), [](const auto& a, const auto& b) {
        const bool pa = isPlumbing(a.first);
        const bool pb = isPlumbing(b.first);
        if (pa != pb) return pb;
        return a.second != b.second ? a.second > b.second : a.first < b.first;
    });
}

std::vector<std::pair<std::string, int64_t>> opHistogram(const Graph& graph, int32_t scope,
                                                         const std::vector<bool>* mask) {
    std::unordered_map<std::string, int64_t> counts;
    std::vector<int32_t> stack{ scope };
    while (!stack.empty()) {
        const auto& s = graph.scopes()[static_cast<size_t>(stack.back())];
        stack.pop_back();
        for (NodeId n : s.nodes)
            if (!mask || (*mask)[static_cast<size_t>(n)]) ++counts[graph.node(n).op()];
        stack.insert(stack.end(), s.childScopes.begin(), s.childScopes.end());
    }
    std::vector<std::pair<std::string, int64_t>> sorted(counts.begin(), counts.end());
    sortHistogram(sorted);
    return sorted;
}

std::string summaryText(const std::vector<std::pair<std::string, int64_t>>& histogram, size_t maxOps) {
    std::string out;
    for (size_t i = 0; i < histogram.size() && i < maxOps; ++i) {
        if (i) out += " \u00b7 ";
        out += histogram[i].first + " " + std::to_string(histogram[i].second);
    }
    return out;
}

double textWidth(const std::string& text, double charWidth) {
    // UTF-8 continuation bytes take no width of their own.
    size_t glyphs = 0;
    for (unsigned char c : text)
        if ((c & 0xC0) != 0x80) ++glyphs;
    return static_cast<double>(glyphs) * charWidth;
}

double titleTextWidth(const std::string& text, const SizeMetrics& metrics) {
    return metrics.titleWidth ? metrics.titleWidth(text) : textWidth(text, metrics.titleCharWidth);
}

struct Series {
    bool scopes = false;
    std::string op; // node series: the op all members share
    std::string prefix;
    std::vector<int32_t> members; // scope ids or node ids, in sibling order
    int64_t low = -1;
    int64_t high = -1;
    bool hasBase = false; // a member named exactly <prefix> (TF's first instance)
};

struct SiblingSeries {
    std::vector<Series> series;
    std::unordered_map<int32_t, int32_t> ofScope; // child scope -> series index
    std::unordered_map<NodeId, int32_t> ofNode;
};

// TensorBoard-style series among the children of `scope`: at least kMinSeriesSize scopes (or
// nodes of one op) named <prefix>_<n>, plus possibly one named <prefix>.
SiblingSeries findSeries(const Graph& graph, int32_t scope, const std::vector<bool>* mask,
                         const std::vector<int64_t>* scopeCount) {
    SiblingSeries result;
    const auto& node = graph.scopes()[static_cast<size_t>(scope)];
    std::map<std::pair<std::string, std::string_view>, Series> candidates;
    auto add = [&](bool isScope, const std::string& op, std::string_view label, int32_t id) {
        const auto [prefix, number] = splitNumericSuffix(label);
        Series& series = candidates[{ isScope ? std::string("/") : op, prefix }];
        series.scopes = isScope;
        series.op = op;
        series.prefix = std::string(prefix);
        series.members.push_back(id);
        if (number < 0) {
            series.hasBase = true;
            return;
        }
        series.low = series.low < 0 ? number : std::min(series.low, number);
        series.high = std::max(series.high, number);
    };
    for (int32_t child : node.childScopes) {
        if (scopeCount && (*scopeCount)[static_cast<size_t>(child)] == 0) continue;
        add(true, {}, graph.scopes()[static_cast<size_t>(child)].label, child);
    }
    for (NodeId n : node.nodes) {
        if (mask && !(*mask)[static_cast<size_t>(n)]) continue;
        const auto& member = graph.node(n);
        // Ports and function calls stay single: calls are what users come to expand.
        if (member.kind != graph::NodeKind::Op || !member.functions.empty()) continue;
        add(false, member.op(), lastSegment(member.name()), n);
    }
    for (auto& [key, series] : candidates) {
        const size_t suffixed = series.members.size() - (series.hasBase ? 1 : 0);
        if (series.members.size() < kMinSeriesSize || suffixed + 1 < series.members.size() || suffixed == 0) continue;
        const auto index = static_cast<int32_t>(result.series.size());
        for (int32_t member : series.members) {
            if (series.scopes) result.ofScope[member] = index;
            else result.ofNode[member] = index;
        }
        result.series.push_back(std::move(series));
    }
    return result;
}

std::string seriesKey(const std::string& context, const std::string& parentPath, const Series& series) {
    std::string key = context + (parentPath.empty() ? std::string() : parentPath + "/") + series.prefix + "_*";
    return series.scopes ? key + "/" : key + ":" + series.op;
}

class Builder {
public:
    Builder(const ViewOptions& options, const CancelToken* cancel, ViewGraph& out)
        : m_options(options)
        , m_cancel(cancel)
        , m_out(out) { }

    void build() {
        if (!m_options.graph) return;
        std::vector<int32_t> chain;
        if (m_options.rootFunction >= 0) chain.push_back(m_options.rootFunction);
        const int32_t root = newContext(*m_options.graph, m_options.rootFunction, "", m_options.visibleNodes, chain, 0);
        emitContext(root, -1);
        if (m_options.visibleNodes) {
            for (bool visible : *m_options.visibleNodes)
                if (!visible) ++m_out.hiddenNodes;
        }
        finishEdges();
    }

private:
    struct Body {
        int32_t context = -1;
        Wiring wiring;
    };
    struct Context {
        const Graph* graph = nullptr;
        int32_t function = -1;
        std::string prefix;
        const std::vector<bool>* mask = nullptr;
        std::vector<int32_t> chain; // functions expanded on the way here (recursion guard)
        int32_t depth = 0;
        std::vector<int32_t> visible;                         // node -> visible item, -1 when hidden
        std::vector<int64_t> scopeCount;                      // visible nodes per scope subtree
        std::unordered_map<NodeId, std::vector<Body>> bodies; // expanded calls
        std::vector<NodeId> args;
        std::vector<NodeId> retvals;
    };

    bool shown(const Context& context, NodeId node) const {
        return !context.mask || (*context.mask)[static_cast<size_t>(node)];
    }

    int32_t newContext(const Graph& graph, int32_t function, std::string prefix, const std::vector<bool>* mask,
                       std::vector<int32_t> chain, int32_t depth) {
        auto context = std::make_unique<Context>();
        context->graph = &graph;
        context->function = function;
        context->prefix = std::move(prefix);
        context->mask = mask && mask->size() == graph.size() ? mask : nullptr;
        context->chain = std::move(chain);
        context->depth = depth;
        context->visible.assign(graph.size(), -1);
        context->args = portNodes(graph, graph::NodeKind::Arg);
        context->retvals = portNodes(graph, graph::NodeKind::Retval);
        const auto& scopes = graph.scopes();
        context->scopeCount.assign(scopes.size(), 0);
        if (!context->mask) {
            for (size_t s = 0; s < scopes.size(); ++s) context->scopeCount[s] = scopes[s].totalNodes;
        } else {
            for (NodeId n = 0; n < static_cast<NodeId>(graph.size()); ++n) {
                if (!(*context->mask)[static_cast<size_t>(n)]) continue;
                for (int32_t s = graph.node(n).scope; s >= 0; s = scopes[static_cast<size_t>(s)].parent)
                    ++context->scopeCount[static_cast<size_t>(s)];
            }
        }
        m_contexts.push_back(std::move(context));
        return static_cast<int32_t>(m_contexts.size() - 1);
    }

    int32_t addItem(ViewItem item, int32_t parent) {
        item.parent = parent;
        item.depth = parent >= 0 ? m_out.items[static_cast<size_t>(parent)].depth + 1 : 0;
        const auto index = static_cast<int32_t>(m_out.items.size());
        if (parent >= 0) m_out.items[static_cast<size_t>(parent)].children.push_back(index);
        else m_out.roots.push_back(index);
        m_out.items.push_back(std::move(item));
        return index;
    }

    void emitContext(int32_t contextIndex, int32_t parent) {
        if (m_cancel) m_cancel->throwIfCancelled();
        emitScope(contextIndex, 0, parent);
        emitEdges(contextIndex);
    }

    void emitScope(int32_t contextIndex, int32_t scope, int32_t parent) {
        const Context& context = *m_contexts[static_cast<size_t>(contextIndex)];
        const Graph& graph = *context.graph;
        const auto& node = graph.scopes()[static_cast<size_t>(scope)];
        const SiblingSeries series = findSeries(graph, scope, context.mask, &context.scopeCount);
        std::vector<bool> emitted(series.series.size(), false);
        auto emitSeriesOnce = [&](int32_t index) {
            if (emitted[static_cast<size_t>(index)]) return;
            emitted[static_cast<size_t>(index)] = true;
            emitSeries(contextIndex, scope, series.series[static_cast<size_t>(index)], parent);
        };
        for (int32_t child : node.childScopes) {
            if (context.scopeCount[static_cast<size_t>(child)] == 0) continue;
            const auto found = series.ofScope.find(child);
            if (found != series.ofScope.end()) emitSeriesOnce(found->second);
            else if (const NodeId only = soleNode(context, child); only != kNoNode)
                emitNode(contextIndex, only, parent);
            else emitGroup(contextIndex, child, parent);
        }
        for (NodeId n : node.nodes) {
            if (!shown(context, n)) continue;
            const auto found = series.ofNode.find(n);
            if (found != series.ofNode.end()) emitSeriesOnce(found->second);
            else emitNode(contextIndex, n, parent);
        }
    }

    // A scope holding a single visible node is shown as that node: a box saying "1 node" only
    // hides it one click deeper.
    NodeId soleNode(const Context& context, int32_t scope) const {
        if (context.scopeCount[static_cast<size_t>(scope)] != 1) return kNoNode;
        std::vector<int32_t> stack{ scope };
        while (!stack.empty()) {
            const auto& s = context.graph->scopes()[static_cast<size_t>(stack.back())];
            stack.pop_back();
            for (NodeId n : s.nodes)
                if (shown(context, n)) return n;
            stack.insert(stack.end(), s.childScopes.begin(), s.childScopes.end());
        }
        return kNoNode;
    }

    void sizeGroup(ViewItem& item) const {
        const auto& metrics = m_options.metrics;
        const double labelWidth = titleTextWidth(item.label, metrics) + 44;
        const double summaryWidth =
            textWidth(item.title + (item.summary.empty() ? "" : " \u00b7 " + item.summary), metrics.smallCharWidth) +
            22;
        item.width = std::clamp(std::max(labelWidth, summaryWidth), 110.0, 280.0);
        item.height = 2 * metrics.lineHeight + 18;
    }

    void emitGroup(int32_t contextIndex, int32_t child, int32_t parent) {
        const Context& context = *m_contexts[static_cast<size_t>(contextIndex)];
        const Graph& graph = *context.graph;
        const int64_t count = context.scopeCount[static_cast<size_t>(child)];
        const auto& childScope = graph.scopes()[static_cast<size_t>(child)];
        ViewItem item;
        item.key = scopeKey(context.prefix, childScope.path);
        item.kind = ItemKind::Group;
        item.graph = &graph;
        item.function = context.function;
        item.scope = child;
        item.label = childScope.label;
        item.nodeCount = count;
        item.title = std::to_string(count) + (count == 1 ? " node" : " nodes");
        item.canExpand = true;
        item.expanded = m_options.expanded.count(item.key) > 0;
        if (!item.expanded) {
            const auto histogram = opHistogram(graph, child, context.mask);
            item.summary = summaryText(histogram, 2);
            if (!histogram.empty()) item.category = opCategory(histogram.front().first, false);
        }
        sizeGroup(item);
        const bool expanded = item.expanded;
        const int32_t index = addItem(std::move(item), parent);
        if (expanded) emitScope(contextIndex, child, index);
        else assignSubtree(contextIndex, child, index);
    }

    void emitSeries(int32_t contextIndex, int32_t scope, const Series& series, int32_t parent) {
        Context& context = *m_contexts[static_cast<size_t>(contextIndex)];
        const Graph& graph = *context.graph;
        ViewItem item;
        item.key = seriesKey(context.prefix, graph.scopes()[static_cast<size_t>(scope)].path, series);
        item.kind = ItemKind::Series;
        item.graph = &graph;
        item.function = context.function;
        item.scope = scope;
        const int64_t low = series.hasBase ? 0 : series.low;
        item.label = series.prefix + "_[" + std::to_string(low) + "\u2013" + std::to_string(series.high) + "]";
        std::unordered_map<std::string, int64_t> ops;
        for (int32_t member : series.members) {
            if (series.scopes) {
                item.nodeCount += context.scopeCount[static_cast<size_t>(member)];
            } else {
                ++item.nodeCount;
            }
        }
        const auto members = static_cast<int64_t>(series.members.size());
        item.members = members;
        item.seriesOfScopes = series.scopes;
        if (series.scopes) {
            item.title = std::to_string(members) + " scopes";
            std::vector<std::pair<std::string, int64_t>> merged;
            for (int32_t member : series.members)
                for (const auto& [op, count] : opHistogram(graph, member, context.mask)) ops[op] += count;
            merged.assign(ops.begin(), ops.end());
            sortHistogram(merged);
            item.summary = summaryText(merged, 2);
            if (!merged.empty()) item.category = opCategory(merged.front().first, false);
        } else {
            item.title = std::to_string(members) + " \u00d7 " + series.op;
            item.category = opCategory(series.op, false);
        }
        item.canExpand = true;
        item.expanded = m_options.expanded.count(item.key) > 0;
        sizeGroup(item);
        const bool expanded = item.expanded;
        const int32_t index = addItem(std::move(item), parent);
        for (int32_t member : series.members) {
            if (series.scopes) {
                if (expanded) emitGroup(contextIndex, member, index);
                else assignSubtree(contextIndex, member, index);
            } else {
                if (expanded) emitNode(contextIndex, member, index);
                else m_contexts[static_cast<size_t>(contextIndex)]->visible[static_cast<size_t>(member)] = index;
            }
        }
    }

    void assignSubtree(int32_t contextIndex, int32_t scope, int32_t item) {
        Context& context = *m_contexts[static_cast<size_t>(contextIndex)];
        std::vector<int32_t> stack{ scope };
        while (!stack.empty()) {
            const auto& s = context.graph->scopes()[static_cast<size_t>(stack.back())];
            stack.pop_back();
            for (NodeId n : s.nodes)
                if (shown(context, n)) context.visible[static_cast<size_t>(n)] = item;
            stack.insert(stack.end(), s.childScopes.begin(), s.childScopes.end());
        }
    }

    void emitNode(int32_t contextIndex, NodeId id, int32_t parent) {
        const Context& context = *m_contexts[static_cast<size_t>(contextIndex)];
        const Graph& graph = *context.graph;
        const auto& metrics = m_options.metrics;
        const graph::Node& node = graph.node(id);
        ViewItem item;
        item.key = nodeKey(context.prefix, node.name());
        item.graph = &graph;
        item.function = context.function;
        item.node = id;
        item.label = std::string(lastSegment(node.name()));
        item.title = node.op();
        item.category = opCategory(node.op(), !node.functions.empty());
        item.width = std::clamp(
            std::max(textWidth(item.label, metrics.charWidth), titleTextWidth(item.title, metrics)) + 22, 64.0, 230.0);
        item.height = 2 * metrics.lineHeight + 10;
        if (node.kind != graph::NodeKind::Op) {
            item.kind = ItemKind::Port;
            item.category = OpCategory::InputOutput;
            item.width = std::clamp(textWidth(item.label, metrics.charWidth) + 24, 48.0, 200.0);
            item.height = metrics.lineHeight + 10;
        }
        std::vector<int32_t> functions;
        if (!node.functions.empty()) {
            item.kind = ItemKind::Call;
            item.canExpand = checkExpandable(context, node, functions, item.cannotExpandReason);
            for (const auto& ref : node.functions) {
                if (!item.summary.empty()) item.summary += ", ";
                item.summary += ref.function;
            }
            item.width = std::min(item.width + 16, 246.0);
            const bool requested = m_options.expanded.count(item.key) > 0;
            if (requested && !item.canExpand)
                m_out.notes.push_back("Not expanding " + node.name() + ": " + item.cannotExpandReason);
            item.expanded = requested && item.canExpand;
        }
        const bool expanded = item.expanded;
        const std::string key = item.key;
        const int32_t index = addItem(std::move(item), parent);
        m_contexts[static_cast<size_t>(contextIndex)]->visible[static_cast<size_t>(id)] = index;
        if (expanded) expandCall(contextIndex, id, index, key, functions);
    }

    bool checkExpandable(const Context& context, const graph::Node& node, std::vector<int32_t>& functions,
                         std::string& reason) const {
        if (!m_options.library) {
            reason = "no function library is loaded";
            return false;
        }
        for (const auto& ref : node.functions) {
            const int32_t index = m_options.library->indexOf(ref.function);
            if (index < 0) {
                reason = "function " + ref.function + " is not in the library";
                return false;
            }
            if (std::find(context.chain.begin(), context.chain.end(), index) != context.chain.end()) {
                reason = "recursive: " + ref.function + " is already expanded above this call";
                return false;
            }
            functions.push_back(index);
        }
        if (context.depth + 1 > m_options.maxCallDepth) {
            reason = "calls are nested deeper than " + std::to_string(m_options.maxCallDepth) + " levels here";
            return false;
        }
        return true;
    }

    void expandCall(int32_t contextIndex, NodeId id, int32_t callItem, const std::string& callKey,
                    const std::vector<int32_t>& functions) {
        const graph::Node& node = m_contexts[static_cast<size_t>(contextIndex)]->graph->node(id);
        std::map<std::string, int32_t> attrUses;
        for (const auto& ref : node.functions) ++attrUses[ref.attr];
        std::map<std::string, int32_t> attrSeen;
        int64_t total = 0;
        for (size_t k = 0; k < node.functions.size(); ++k) {
            const auto& ref = node.functions[k];
            std::string attrLabel = ref.attr.empty() ? "call" : ref.attr;
            if (attrUses[ref.attr] > 1) attrLabel += "[" + std::to_string(attrSeen[ref.attr]++) + "]";
            const std::string prefix = callKey + "|" + attrLabel + "|";
            const auto& function = m_options.library->functions()[static_cast<size_t>(functions[k])];
            int32_t container = callItem;
            if (node.functions.size() > 1) {
                ViewItem body;
                body.key = prefix;
                body.kind = ItemKind::Body;
                body.expanded = true;
                body.graph = &function.body;
                body.function = functions[k];
                body.bodyFunction = functions[k];
                body.label = attrLabel;
                body.title = function.name;
                body.category = OpCategory::Call;
                body.nodeCount = static_cast<int64_t>(function.body.size());
                container = addItem(std::move(body), callItem);
            }
            const Context& outer = *m_contexts[static_cast<size_t>(contextIndex)];
            std::vector<int32_t> chain = outer.chain;
            chain.push_back(functions[k]);
            const int32_t inner =
                newContext(function.body, functions[k], prefix, nullptr, std::move(chain), outer.depth + 1);
            emitContext(inner, container);
            m_contexts[static_cast<size_t>(contextIndex)]->bodies[id].push_back(
                { inner, wiringFor(node.op(), ref.attr) });
            total += static_cast<int64_t>(function.body.size());
        }
        m_out.items[static_cast<size_t>(callItem)].nodeCount = total;
    }

    int32_t portItem(const Body& body, const std::vector<NodeId> Context::*ports, int32_t index) const {
        const Context& inner = *m_contexts[static_cast<size_t>(body.context)];
        const auto& list = inner.*ports;
        if (index < 0 || static_cast<size_t>(index) >= list.size()) return -1;
        const NodeId port = list[static_cast<size_t>(index)];
        return port == kNoNode ? -1 : inner.visible[static_cast<size_t>(port)];
    }

    void emitEdges(int32_t contextIndex) {
        const Context& context = *m_contexts[static_cast<size_t>(contextIndex)];
        const Graph& graph = *context.graph;
        std::vector<int32_t> sources;
        std::vector<int32_t> targets;
        for (NodeId v = 0; v < static_cast<NodeId>(graph.size()); ++v) {
            const int32_t item = context.visible[static_cast<size_t>(v)];
            if (item < 0) continue;
            const graph::Node& node = graph.node(v);
            const auto bodiesOfTarget = context.bodies.find(v);
            for (size_t i = 0; i < node.inputs.size(); ++i) {
                const graph::Endpoint input = node.inputs[i];
                if (input.node == kNoNode || context.visible[static_cast<size_t>(input.node)] < 0) continue;
                sources.clear();
                targets.clear();
                const auto bodiesOfSource = context.bodies.find(input.node);
                if (bodiesOfSource != context.bodies.end()) {
                    for (const Body& body : bodiesOfSource->second) {
                        if (!body.wiring.wired || !body.wiring.providesOutputs) continue;
                        const int32_t port = portItem(body, &Context::retvals, input.output);
                        if (port >= 0) sources.push_back(port);
                    }
                }
                if (sources.empty()) sources.push_back(context.visible[static_cast<size_t>(input.node)]);
                if (bodiesOfTarget != context.bodies.end()) {
                    for (const Body& body : bodiesOfTarget->second) {
                        if (!body.wiring.wired) continue;
                        const int32_t port =
                            portItem(body, &Context::args, static_cast<int32_t>(i) - body.wiring.inputOffset);
                        if (port >= 0) targets.push_back(port);
                    }
                }
                if (targets.empty()) targets.push_back(item);
                for (int32_t s : sources)
                    for (int32_t t : targets) addEdge(s, t, false, graph, input.node, input.output);
            }
            for (NodeId control : node.controlInputs) {
                if (control == kNoNode) continue;
                const int32_t source = context.visible[static_cast<size_t>(control)];
                if (source >= 0) addEdge(source, item, true, graph, control, -1);
            }
        }
    }

    void addEdge(int32_t from, int32_t to, bool control, const Graph& graph, NodeId producer, int32_t output) {
        if (from == to || m_out.isAncestor(from, to) || m_out.isAncestor(to, from)) return;
        const uint64_t key = (static_cast<uint64_t>(static_cast<uint32_t>(from)) << 33) ^
            (static_cast<uint64_t>(static_cast<uint32_t>(to)) << 1) ^ (control ? 1u : 0u);
        const auto [found, inserted] = m_edgeIndex.try_emplace(key, static_cast<int32_t>(m_out.edges.size()));
        if (!inserted) {
            ++m_out.edges[static_cast<size_t>(found->second)].count;
            return;
        }
        ViewEdge edge;
        edge.from = from;
        edge.to = to;
        edge.control = control;
        edge.graph = &graph;
        edge.producer = producer;
        edge.output = output;
        m_out.edges.push_back(edge);
    }

    void finishEdges() {
        const auto& items = m_out.items;
        for (ViewEdge& edge : m_out.edges) {
            int32_t a = edge.from;
            int32_t b = edge.to;
            while (items[static_cast<size_t>(a)].depth > items[static_cast<size_t>(b)].depth)
                a = items[static_cast<size_t>(a)].parent;
            while (items[static_cast<size_t>(b)].depth > items[static_cast<size_t>(a)].depth)
                b = items[static_cast<size_t>(b)].parent;
            while (items[static_cast<size_t>(a)].parent != items[static_cast<size_t>(b)].parent) {
                a = items[static_cast<size_t>(a)].parent;
                b = items[static_cast<size_t>(b)].parent;
            }
            edge.owner = items[static_cast<size_t>(a)].parent;
            edge.fromAnchor = a;
            edge.toAnchor = b;
            if (edge.control) continue;
            if (edge.count > 1) {
                edge.label = std::to_string(edge.count) + " tensors"; // the views word it in the user's language
            } else if (const auto* shape = knownOutputShape(*edge.graph, edge.producer, edge.output)) {
                edge.label = shapeOnEdge(*shape);
            }
        }
    }

    const ViewOptions& m_options;
    const CancelToken* m_cancel;
    ViewGraph& m_out;
    std::vector<std::unique_ptr<Context>> m_contexts;
    std::unordered_map<uint64_t, int32_t> m_edgeIndex;
};

} // namespace

int32_t ViewGraph::find(const std::string& key) const {
    const auto found = m_byKey.find(key);
    return found == m_byKey.end() ? -1 : found->second;
}

bool ViewGraph::isAncestor(int32_t ancestor, int32_t item) const {
    for (int32_t p = items[static_cast<size_t>(item)].parent; p >= 0; p = items[static_cast<size_t>(p)].parent)
        if (p == ancestor) return true;
    return false;
}

void ViewGraph::reindex() {
    m_byKey.clear();
    m_byKey.reserve(items.size());
    for (size_t i = 0; i < items.size(); ++i) m_byKey.emplace(items[i].key, static_cast<int32_t>(i));
}

ViewGraph buildViewGraph(const ViewOptions& options, const CancelToken* cancel) {
    ViewGraph out;
    Builder(options, cancel, out).build();
    out.reindex();
    return out;
}

std::string scopeKey(const std::string& context, const std::string& scopePath) {
    return context + scopePath + "/";
}
std::string nodeKey(const std::string& context, const std::string& nodeName) {
    return context + nodeName;
}

std::vector<std::string> scopesToReveal(const graph::Graph& graph, graph::NodeId node) {
    std::vector<std::string> keys;
    if (node < 0 || static_cast<size_t>(node) >= graph.size()) return keys;
    const auto& scopes = graph.scopes();
    // The node's own series, then for each enclosing scope: the scope and the series holding it.
    const int32_t home = graph.node(node).scope;
    {
        const SiblingSeries series = findSeries(graph, home, nullptr, nullptr);
        const auto found = series.ofNode.find(node);
        if (found != series.ofNode.end())
            keys.push_back(seriesKey("", scopes[static_cast<size_t>(home)].path,
                                     series.series[static_cast<size_t>(found->second)]));
    }
    for (int32_t s = home; s > 0; s = scopes[static_cast<size_t>(s)].parent) {
        keys.push_back(scopeKey("", scopes[static_cast<size_t>(s)].path));
        const int32_t parent = scopes[static_cast<size_t>(s)].parent;
        const SiblingSeries series = findSeries(graph, parent, nullptr, nullptr);
        const auto found = series.ofScope.find(s);
        if (found != series.ofScope.end())
            keys.push_back(seriesKey("", scopes[static_cast<size_t>(parent)].path,
                                     series.series[static_cast<size_t>(found->second)]));
    }
    std::reverse(keys.begin(), keys.end());
    return keys;
}

std::pair<std::string_view, int64_t> splitNumericSuffix(std::string_view name) {
    size_t digits = 0;
    while (digits < name.size() && name[name.size() - 1 - digits] >= '0' && name[name.size() - 1 - digits] <= '9')
        ++digits;
    if (digits == 0 || digits > 12 || digits + 1 >= name.size() || name[name.size() - 1 - digits] != '_')
        return { name, -1 };
    int64_t value = 0;
    for (size_t i = name.size() - digits; i < name.size(); ++i) value = value * 10 + (name[i] - '0');
    return { name.substr(0, name.size() - digits - 1), value };
}

const tensorflow::TensorShapeProto* knownOutputShape(const graph::Graph& graph, graph::NodeId node, int32_t output) {
    if (node < 0 || static_cast<size_t>(node) >= graph.size()) return nullptr;
    if (const auto* declared = graph.declaredShape(node, output)) return declared;
    if (output != 0) return nullptr;
    const auto& def = graph.node(node).def();
    const auto& attrs = def.attr();
    if (def.op() == "Const" || def.op() == "HostConst") {
        const auto value = attrs.find("value");
        if (value != attrs.end() && value->second.has_tensor()) return &value->second.tensor().tensor_shape();
        return nullptr;
    }
    if (def.op() == "Placeholder" || def.op() == "PlaceholderV2" || def.op() == "VariableV2" ||
        def.op() == "Variable" || def.op() == "PlaceholderWithDefault") {
        const auto shape = attrs.find("shape");
        if (shape != attrs.end() && shape->second.has_shape()) return &shape->second.shape();
    }
    return nullptr;
}

std::string opSummary(const graph::Graph& graph, int32_t scope, size_t maxOps) {
    return summaryText(opHistogram(graph, scope, nullptr), maxOps);
}

} // namespace graphlens::layout
