#include "core/graph/model.h"

namespace graphlens::graph {

const char* formatName(ModelFormat format) {
    switch (format) {
    case ModelFormat::SavedModel:
        return "SavedModel";
    case ModelFormat::MetaGraph:
        return "MetaGraphDef";
    case ModelFormat::GraphDef:
        return "GraphDef";
    case ModelFormat::EventFile:
        return "EventFile";
    case ModelFormat::Checkpoint:
        return "Checkpoint";
    }
    return "Unknown";
}

const Signature* MetaGraph::signature(const std::string& key) const {
    for (const auto& s : signatures)
        if (s.key == key) return &s;
    return nullptr;
}

int64_t MetaGraph::functionNodeCount() const {
    int64_t total = 0;
    for (const auto& f : library.functions()) total += static_cast<int64_t>(f.body.size());
    return total;
}

} // namespace graphlens::graph
