#pragma once
// Turns a parsed MetaGraphDef / GraphDef into the IR: graph, function library, signatures,
// variables joined to their nodes and readers.
#include <string>

#include "core/graph/model.h"
#include "core/proto/graph.pb.h"
#include "core/proto/trackable_object_graph.pb.h"
#include "core/util/progress.h"

namespace graphlens::io {

// `meta` is consumed (its GraphDef nodes are moved into the IR).
graph::MetaGraph buildMetaGraph(tensorflow::MetaGraphDef&& meta, const std::string& file, const Progress& progress);
graph::MetaGraph buildFromGraphDef(tensorflow::GraphDef&& graphDef, const std::string& file, const Progress& progress);

// Fills MetaGraph::variables from variable nodes, the object graph and checkpoint entries.
// `checkpointGraph` is the TrackableObjectGraph stored in a TF2 checkpoint (may be empty).
void joinVariables(graph::MetaGraph& meta, const std::vector<graph::CheckpointEntry>& checkpoint,
                   const tensorflow::TrackableObjectGraph* checkpointGraph);

// Whether a parsed GraphDef looks like one (every node has a plausible op name).
bool plausibleGraph(const tensorflow::GraphDef& graph);
// The index of the first node whose op name is not plausible, or -1.
int firstImplausibleNode(const tensorflow::GraphDef& graph);

} // namespace graphlens::io
