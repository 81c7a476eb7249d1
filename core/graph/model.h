#pragma once
// What a model file or directory holds, as one value: meta graphs (each a graph, its function
// library, signatures and variables), plus what came with it (checkpoint, assets, fingerprint,
// event-file records). Produced by io::loadModel(); shared read-only between threads.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/graph/function_library.h"
#include "core/graph/graph.h"
#include "core/graph/op_registry.h"
#include "core/proto/fingerprint.pb.h"
#include "core/proto/meta_graph.pb.h"
#include "core/proto/saved_object_graph.pb.h"

namespace graphlens::io {
class TensorBundle;
}

namespace graphlens::graph {

enum class ModelFormat { SavedModel, MetaGraph, GraphDef, EventFile, Checkpoint };
const char* formatName(ModelFormat format);

struct TensorSpec {
    std::string key;        // signature key ("x", "output_0")
    std::string tensorName; // "serving_default_x:0"
    tensorflow::DataType dtype = tensorflow::DT_INVALID;
    tensorflow::TensorShapeProto shape;
    bool shapeKnown = false; // the TensorInfo has a shape of known rank
    Endpoint endpoint;       // resolved in the meta graph's graph; node == kNoNode if not found
};

struct Signature {
    std::string key;
    std::string methodName;
    std::vector<TensorSpec> inputs;
    std::vector<TensorSpec> outputs;
};

struct Variable {
    // Where GraphLens learned of it: a SavedObjectGraph variable (TF2), a variable node of the
    // graph (TF1, or a TF2 handle no function uses), or only a checkpoint entry (optimizer slots).
    enum class Source { ObjectGraph, GraphNode, Checkpoint };
    Source source = Source::GraphNode;
    std::string name; // graph node name (TF1) or checkpoint key (TF2)
    tensorflow::DataType dtype = tensorflow::DT_INVALID;
    std::vector<int64_t> shape;
    bool shapeKnown = false;
    int64_t bytes = 0;           // from the checkpoint entry, else dtype size * elements
    std::string checkpointKey;   // key in the tensor bundle, empty if none
    NodeId node = kNoNode;       // VarHandleOp / VariableV2 in the main graph
    std::vector<NodeId> handles; // every handle of it in the main graph (TF2 graphs may hold several)
    bool trainable = true;
    // Nodes that read the variable: ReadVariableOp / Identity consumers, followed into function
    // bodies through call sites. Each entry is (function index or -1 for the main graph, node).
    std::vector<std::pair<int32_t, NodeId>> readers;
};

struct Asset {
    std::string filename;
    std::string tensorName;
    int64_t bytes = -1; // -1 when the file is missing from assets/
};

struct MetaGraph {
    std::vector<std::string> tags;
    std::string tensorflowVersion;
    std::string tensorflowGitVersion;
    int32_t producer = 0;
    Graph graph;
    FunctionLibrary library;
    std::shared_ptr<const OpRegistry> ops; // stripped_op_list over the built-in registry
    std::vector<Signature> signatures;
    std::vector<Variable> variables;
    std::vector<Asset> assets;
    std::vector<std::string> collections;
    bool hasObjectGraph = false;
    tensorflow::SavedObjectGraph objectGraph;
    tensorflow::SaverDef saverDef;
    bool hasSaverDef = false;
    // The GraphDef as read without its nodes and function bodies (versions, debug info, the library's other
    // fields, unknown fields), so that toGraphDef() writes back every field.
    tensorflow::GraphDef graphDefRest;

    const Signature* signature(const std::string& key) const;
    int64_t functionNodeCount() const;
};

struct EventFileInfo {
    int64_t records = 0;
    std::string fileVersion;
    int64_t graphDefs = 0;
    int64_t metaGraphDefs = 0;
    int64_t runMetadata = 0;
    int64_t summaries = 0;
    int64_t sessionLogs = 0;
    std::vector<std::pair<std::string, int64_t>> summaryTags; // tag -> value count
};

struct CheckpointEntry {
    std::string key;
    tensorflow::DataType dtype = tensorflow::DT_INVALID;
    std::vector<int64_t> shape;
    int64_t bytes = 0;
};

struct Model {
    std::string path;
    ModelFormat format = ModelFormat::GraphDef;
    bool textFormat = false;
    int64_t schemaVersion = 0;
    std::vector<MetaGraph> metaGraphs;
    std::vector<CheckpointEntry> checkpoint;        // variables bundle entries, key order
    std::shared_ptr<const io::TensorBundle> bundle; // for reading values on demand; may be null
    std::optional<tensorflow::FingerprintDef> fingerprint;
    std::optional<EventFileInfo> events;
    std::vector<std::string> warnings; // problems that still allowed a partial view
};

} // namespace graphlens::graph
