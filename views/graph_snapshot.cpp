#include "views/graph_snapshot.h"

namespace graphlens::views {

const graph::Graph* graphOf(const graph::Model& model, int metaGraph, int function) {
    if (metaGraph < 0 || static_cast<size_t>(metaGraph) >= model.metaGraphs.size()) return nullptr;
    const auto& meta = model.metaGraphs[static_cast<size_t>(metaGraph)];
    if (function < 0) return &meta.graph;
    if (static_cast<size_t>(function) >= meta.library.functions().size()) return nullptr;
    return &meta.library.functions()[static_cast<size_t>(function)].body;
}

const graph::Graph* NodeRef::graph() const { return model ? graphOf(*model, metaGraph, function) : nullptr; }

} // namespace graphlens::views
