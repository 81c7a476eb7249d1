#pragma once
// A message in protobuf text format as Python's protobuf (upb) prints it with str(message): fields
// in field-number order, string-keyed map entries in upb's sort order (bytes compared descending,
// a key before the longer keys it begins), floats as the shortest of %.6g/%.9g that reads back
// (%.15g/%.17g for doubles), bytes escaped in octal. TF's `print(graph_def)` output.
#include <string>

namespace google::protobuf {
class Message;
}

namespace graphlens::graph::io {

std::string pythonTextFormat(const google::protobuf::Message& message);

} // namespace graphlens::graph::io
