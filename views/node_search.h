#pragma once
// Regex search over node names, op types and attribute values of a meta graph: the main graph
// first, then every function body. Runs as a job (see JobRunner); the results are values.
#include <vector>

#include <QString>

#include "core/graph/model.h"
#include "core/util/progress.h"

namespace graphlens::views {

struct SearchQuery {
    QString pattern;
    bool names = true;
    bool ops = true;
    bool attributes = false;
    bool caseSensitive = false;
    int metaGraph = 0;
    int limit = 5000;
};

struct SearchHit {
    int function = -1; // -1: main graph
    graph::NodeId node = graph::kNoNode;
    QString name;
    QString op;
    QString where;   // "graph" or the function name
    QString matched; // what matched: "name", "op", or "attr <name>"
};

struct SearchResults {
    std::vector<SearchHit> hits;
    bool truncated = false; // more than query.limit matched
    int searchedNodes = 0;
};

// Throws FormatError when the pattern is not a valid regular expression.
SearchResults searchNodes(const graph::Model& model, const SearchQuery& query, const Progress& progress = {});

} // namespace graphlens::views
