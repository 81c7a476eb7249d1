#pragma once
// Opens any TensorFlow model file or directory GraphLens understands. The format is decided by
// content (binary or text protobuf, TFRecord, SSTable), not by file name.
#include <memory>
#include <string>

#include "core/graph/model.h"
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

} // namespace graphlens::io
