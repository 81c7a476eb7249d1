#pragma once
// TensorBoard event files (TFRecord of tensorflow::Event): the graphs and run metadata they embed, plus a
// per-tag summary count. A damaged tail only costs the records after it, as TensorBoard also tolerates.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/proto/config.pb.h"
#include "core/proto/graph.pb.h"
#include "core/proto/meta_graph.pb.h"
#include "core/util/progress.h"

namespace graphlens::io {

struct EventRecordInfo {
    double wallTime = 0;
    int64_t step = 0;
    uint64_t recordIndex = 0;
    uint64_t offset = 0; // byte offset of the record in the file
};

struct EventGraph {
    tensorflow::GraphDef graph;
    EventRecordInfo at;
};

struct EventMetaGraph {
    tensorflow::MetaGraphDef metaGraph;
    EventRecordInfo at;
};

struct EventRunMetadata {
    std::string tag;
    tensorflow::RunMetadata runMetadata;
    EventRecordInfo at;
};

struct SummaryTagStats {
    int64_t count = 0;
    std::optional<float> lastSimpleValue; // from the most recent value that had one
    int64_t lastStep = 0;
};

struct EventFileContents {
    std::string path;
    uint64_t recordCount = 0;
    std::string fileVersion; // "brain.Event:2" in current files
    std::vector<EventGraph> graphDefs;
    std::vector<EventMetaGraph> metaGraphDefs;
    std::vector<EventRunMetadata> taggedRunMetadata;
    std::map<std::string, SummaryTagStats> summaryTags; // keyed by tag (node_name for very old summaries)
    int64_t sessionLogCount = 0;
    // Non-fatal problems: damaged tail (records after it are lost), embedded protos that do not decode.
    std::vector<std::string> warnings;
};

// Throws FormatError when the file cannot be opened, when not even the first record can be read, or when a
// record with valid CRCs does not parse as an Event (naming record index and byte offset). Reports progress
// by bytes read and throws Cancelled through `progress`.
EventFileContents readEventFile(const std::string& path, const Progress& progress = {});

} // namespace graphlens::io
