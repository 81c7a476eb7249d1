#pragma once
// Opens any TensorFlow model file or directory GraphLens understands. The format is decided by
// content (binary or text protobuf, TFRecord, SSTable), not by file name.
#include <memory>
#include <string>

#include "core/graph/model.h"
#include "core/proto/graph.pb.h"
#include "core/util/progress.h"

namespace graphlens::io {

struct LoadOptions {
    // Files larger than this are refused before reading (protobuf's own limit is 2 GiB).
    int64_t maxFileBytes = int64_t{ 2 } << 30;
    // Tensor values above this many elements are not materialised (Const values, checkpoints).
    int64_t maxTensorElements = int64_t{ 1 } << 26;
};

// Throws FormatError naming the file and place for anything it cannot read at all; problems that
// still allow a partial view are listed in Model::warnings.
std::shared_ptr<const graph::Model> loadModel(const std::string& path, const Progress& progress = {},
                                              const LoadOptions& options = {});

// A GraphDef already in memory (a traced graph, a pass's snapshot) as the Model loadModel gives
// for a GraphDef file holding it. `name` stands where the file's path would: Model::path, and the
// place warnings and value errors name. `graphDef` is consumed.
std::shared_ptr<const graph::Model> loadGraphDef(tensorflow::GraphDef&& graphDef, const std::string& name,
                                                 const Progress& progress = {});

} // namespace graphlens::io
