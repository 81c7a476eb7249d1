#pragma once
#include <string_view>

namespace graphlens::graph {
// TensorFlow's own op definitions (a binary OpList recorded from TF by tests/oracle/record_op_defs.py,
// descriptions stripped), compiled into the library.
std::string_view builtinOpDefsBlob();
} // namespace graphlens::graph
