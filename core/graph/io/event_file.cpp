#include "core/graph/io/event_file.h"

#include <algorithm>

#include "core/graph/io/proto_reader.h"
#include "core/graph/io/tfrecord.h"
#include "core/proto/event.pb.h"
#include "core/util/error.h"

namespace graphlens::io {
namespace {

std::string recordPlace(const EventRecordInfo& at) {
    return "record " + std::to_string(at.recordIndex) + " at byte " + std::to_string(at.offset);
}

} // namespace

EventFileContents readEventFile(const std::string& path, const Progress& progress) {
    EventFileContents out;
    out.path = path;
    TFRecordReader reader(path);
    ProtobufLogCapture log;
    const double total = reader.size() ? double(std::max<uint64_t>(1, *reader.size())) : 0.0;
    std::string record;
    tensorflow::Event event;
    for (;;) {
        progress(total > 0 ? double(reader.offset()) / total : 0.0, "reading events");
        EventRecordInfo at;
        at.recordIndex = reader.recordIndex();
        at.offset = reader.offset();
        try {
            if (!reader.next(record)) break;
        } catch (const FormatError& e) {
            // The header record proves this is an event file; after it, a bad record (typically the tail of a
            // file still being written) ends the read but keeps what came before.
            if (out.recordCount == 0) throw;
            out.warnings.push_back(std::string(e.what()) + "; kept the " + std::to_string(out.recordCount) +
                                   " records before it");
            break;
        }
        ++out.recordCount;
        event.Clear();
        if (!event.ParseFromArray(record.data(), int(record.size()))) {
            const std::string detail = log.take();
            const std::string inner = damagePlace(record, tensorflow::Event::descriptor());
            throw FormatError(path, recordPlace(at) + (inner.empty() ? "" : ", payload " + inner),
                              withDetail("record does not parse as a tensorflow.Event", detail));
        }
        at.wallTime = event.wall_time();
        at.step = event.step();
        switch (event.what_case()) {
        case tensorflow::Event::kFileVersion:
            if (out.fileVersion.empty()) out.fileVersion = event.file_version();
            break;
        case tensorflow::Event::kGraphDef: {
            EventGraph g;
            g.at = at;
            if (g.graph.ParseFromString(event.graph_def())) out.graphDefs.push_back(std::move(g));
            else out.warnings.push_back(path + ": " + recordPlace(at) + ": embedded graph_def does not parse");
            break;
        }
        case tensorflow::Event::kMetaGraphDef: {
            EventMetaGraph m;
            m.at = at;
            if (m.metaGraph.ParseFromString(event.meta_graph_def())) out.metaGraphDefs.push_back(std::move(m));
            else out.warnings.push_back(path + ": " + recordPlace(at) + ": embedded meta_graph_def does not parse");
            break;
        }
        case tensorflow::Event::kTaggedRunMetadata: {
            EventRunMetadata r;
            r.at = at;
            r.tag = event.tagged_run_metadata().tag();
            if (r.runMetadata.ParseFromString(event.tagged_run_metadata().run_metadata()))
                out.taggedRunMetadata.push_back(std::move(r));
            else
                out.warnings.push_back(path + ": " + recordPlace(at) + ": run_metadata for tag \"" + r.tag +
                                       "\" does not parse");
            break;
        }
        case tensorflow::Event::kSummary:
            for (const auto& value : event.summary().value()) {
                SummaryTagStats& stats = out.summaryTags[value.tag().empty() ? value.node_name() : value.tag()];
                ++stats.count;
                stats.lastStep = event.step();
                if (value.value_case() == tensorflow::Summary::Value::kSimpleValue)
                    stats.lastSimpleValue = value.simple_value();
            }
            break;
        case tensorflow::Event::kSessionLog:
            ++out.sessionLogCount;
            break;
        default:
            break;
        }
    }
    if (out.recordCount == 0) throw FormatError(path, "", "empty event file: no records");
    if (out.fileVersion.empty()) out.warnings.push_back(path + ": no file_version record");
    progress(1.0, "reading events");
    return out;
}

} // namespace graphlens::io
