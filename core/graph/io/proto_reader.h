#pragma once
// Reading protobuf files whose encoding (binary or text) and message type are decided by content.
#include <cstdint>
#include <google/protobuf/message.h>
#include <string>

namespace graphlens::io {

// Reads a whole file; refuses files larger than maxBytes (FormatError naming the file).
std::string readFile(const std::string& path, int64_t maxBytes);

// Whether `data` looks like protobuf text format (printable, starts with a field name or comment).
bool looksLikeText(const std::string& data);

// Parses binary protobuf; FormatError naming the file and what failed on malformed input.
void parseBinary(const std::string& data, const std::string& file, google::protobuf::Message* message);
// "byte N (node[3].attr[0].value)": the innermost field of a `type` message in `data` that does not
// parse, or empty when every field parses.
std::string damagePlace(const std::string& data, const google::protobuf::Descriptor* type);
// Parses text format; FormatError naming the file and line:column of the first error.
void parseText(const std::string& data, const std::string& file, google::protobuf::Message* message);
// Returns the text-format error (line:col: message), or empty on success, leaving `message` filled.
std::string tryParseText(const std::string& data, google::protobuf::Message* message);

enum class WireShape { Unknown, SavedModel, GraphOrMetaGraph };
// Looks at the top-level wire fields only (no allocation): SavedModel has only fields 1 (varint)
// and 2 (bytes); GraphDef/MetaGraphDef have length-delimited fields 1..7.
WireShape classifyWire(const std::string& data);

// What classifyWire saw, with where it stopped: for Unknown, `offset` is the byte of the first field
// that does not fit (or could not be read) and `problem` says why; `truncated` when a field's declared
// length or fixed-size value runs past the end of the data (`shapeSoFar`: what the fields before it fit).
struct WireScan {
    WireShape shape = WireShape::Unknown;
    uint64_t offset = 0;
    std::string problem;
    bool truncated = false;
    WireShape shapeSoFar = WireShape::Unknown;
};
WireScan scanWire(const std::string& data);

// While one lives, what protobuf logs on this thread ("String field 'tensorflow.NodeDef.op' contains
// invalid UTF-8 data ...") is kept here instead of printed as "[libprotobuf ERROR ...]" on stderr, for
// the readers to put into their own errors. Nests; messages go to the innermost.
class ProtobufLogCapture {
public:
    ProtobufLogCapture();
    ~ProtobufLogCapture();
    ProtobufLogCapture(const ProtobufLogCapture&) = delete;
    ProtobufLogCapture& operator=(const ProtobufLogCapture&) = delete;
    // The first message logged since construction or the last take(), trimmed; empty when none.
    std::string take();

private:
    ProtobufLogCapture* m_outer;
    std::string m_first;
    friend void captureProtobufLog(int, const char*, int, const std::string&);
};
// Appends ": <detail>" to `message` when `detail` is not empty.
std::string withDetail(const std::string& message, const std::string& detail);

} // namespace graphlens::io
