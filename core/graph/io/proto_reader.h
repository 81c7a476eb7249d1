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
// Parses text format; FormatError naming the file and line:column of the first error.
void parseText(const std::string& data, const std::string& file, google::protobuf::Message* message);
// Returns the text-format error (line:col: message), or empty on success, leaving `message` filled.
std::string tryParseText(const std::string& data, google::protobuf::Message* message);

enum class WireShape { Unknown, SavedModel, GraphOrMetaGraph };
// Looks at the top-level wire fields only (no allocation): SavedModel has only fields 1 (varint)
// and 2 (bytes); GraphDef/MetaGraphDef have length-delimited fields 1..7.
WireShape classifyWire(const std::string& data);

} // namespace graphlens::io
