#include "views/node_search.h"

#include <QRegularExpression>

#include "core/util/error.h"
#include "views/attr_format.h"

namespace graphlens::views {
namespace {

// Returns what matched, or an empty string.
QString matchNode(const graph::Node& node, const QRegularExpression& regex, const SearchQuery& query) {
    if (query.names && regex.match(QString::fromStdString(node.name())).hasMatch()) return QStringLiteral("name");
    if (query.ops && regex.match(QString::fromStdString(node.op())).hasMatch()) return QStringLiteral("op");
    if (query.attributes) {
        for (const auto& [name, value] : node.def().attr()) {
            if (value.value_case() == tensorflow::AttrValue::kTensor && value.tensor().tensor_content().size() > 4096)
                continue; // large constants: their summary is not worth matching
            if (regex.match(formatAttrValue(value)).hasMatch())
                return QStringLiteral("attr ") + QString::fromStdString(name);
        }
    }
    return {};
}

} // namespace

SearchResults searchNodes(const graph::Model& model, const SearchQuery& query, const Progress& progress) {
    SearchResults results;
    QRegularExpression regex(query.pattern,
                             query.caseSensitive ? QRegularExpression::NoPatternOption
                                                 : QRegularExpression::CaseInsensitiveOption);
    if (!regex.isValid())
        throw FormatError("search", "offset " + std::to_string(regex.patternErrorOffset()),
                          regex.errorString().toStdString());
    if (query.metaGraph < 0 || static_cast<size_t>(query.metaGraph) >= model.metaGraphs.size()) return results;
    regex.optimize();
    const auto& meta = model.metaGraphs[static_cast<size_t>(query.metaGraph)];
    const auto& functions = meta.library.functions();
    const size_t graphs = functions.size() + 1;
    for (size_t g = 0; g < graphs; ++g) {
        progress(static_cast<double>(g) / static_cast<double>(graphs), "searching");
        const int function = static_cast<int>(g) - 1;
        const graph::Graph& graph = function < 0 ? meta.graph : functions[static_cast<size_t>(function)].body;
        const QString where = function < 0 ? QStringLiteral("graph")
                                           : QString::fromStdString(functions[static_cast<size_t>(function)].name);
        for (graph::NodeId id = 0; id < static_cast<graph::NodeId>(graph.size()); ++id) {
            if ((id & 1023) == 0) progress.check();
            const graph::Node& node = graph.node(id);
            ++results.searchedNodes;
            const QString matched = matchNode(node, regex, query);
            if (matched.isEmpty()) continue;
            if (static_cast<int>(results.hits.size()) >= query.limit) {
                results.truncated = true;
                return results;
            }
            results.hits.push_back({ function, id, QString::fromStdString(node.name()),
                                     QString::fromStdString(node.op()), where, matched });
        }
    }
    return results;
}

} // namespace graphlens::views
