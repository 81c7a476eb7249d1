#pragma once
// Tensor values read from files (checkpoint bundles, Const nodes' TensorProto), kept as raw little-endian
// element bytes so large float tensors stay compact; formatting and conversion happen per element on demand.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/proto/tensor.pb.h"
#include "core/proto/types.pb.h"

namespace graphlens::io {

struct TensorValue {
    tensorflow::DataType dtype = tensorflow::DT_INVALID;
    std::vector<int64_t> shape;
    bool shapeKnown = true;
    std::string data;                 // numeric dtypes: numElements() * dtypeSize(dtype) raw little-endian bytes
    std::vector<std::string> strings; // DT_STRING: one entry per element
    // Set instead of data when the declared size is over the caller's limit; nothing was materialised.
    bool tooLarge = false;
    // Set for dtypes whose values are not decoded (resource handles, variants, partitioned variables).
    bool unsupported = false;
    std::string note; // why there are no values, for display

    // Product of the shape; -1 when the shape is unknown, has a negative dimension or overflows int64.
    int64_t numElements() const;
    // True when per-element access (formatElement, elementAsDouble) is possible.
    bool hasValues() const { return !tooLarge && !unsupported && shapeKnown; }
};

// Strips the _REF variant (DT_x_REF = DT_x + 100).
tensorflow::DataType baseDtype(tensorflow::DataType dtype);
bool isRefDtype(tensorflow::DataType dtype);
// Bytes per element as stored in tensor_content and bundle shards; 0 for string, resource, variant, invalid.
// 4- and 2-bit integer and 4-bit float types occupy one byte per element, as in TF's host layout.
size_t dtypeSize(tensorflow::DataType dtype);
// TF's Python name: "float32", "float16" (DT_HALF), "bfloat16", "string", "resource", ...; "_ref" for refs.
std::string dtypeName(tensorflow::DataType dtype);

// Product of dims, or nullopt for a negative dimension or int64 overflow.
std::optional<int64_t> elementCount(const std::vector<int64_t>& shape);

// Decodes a TensorProto following TF's Tensor::FromProto: tensor_content holds raw elements; otherwise the
// typed *_val field for the dtype, the last value repeating when there are fewer values than elements and zeros
// when there are none. A tensor with more than maxElements elements (or too many repeated string bytes) comes
// back with tooLarge set and no data. Malformed protos (negative dimensions, unknown rank, content of the wrong
// size) throw FormatError(file, place, ...).
TensorValue tensorFromProto(const tensorflow::TensorProto& proto, const std::string& file, const std::string& place,
                            int64_t maxElements);

// Readable element: floats with up to 6 significant digits in numpy's scalar style ("0.5", "2.0", "1e-05"),
// half/bfloat16/float8 converted to float, bools "True"/"False", complex "(1+2j)", strings as Python bytes
// literals (b'abc'). Throws std::out_of_range for an index outside the values held.
std::string formatElement(const TensorValue& value, int64_t index);
// Element as a double for heat maps: complex gives its magnitude, strings NaN. Throws like formatElement.
double elementAsDouble(const TensorValue& value, int64_t index);

float halfToFloat(uint16_t bits);
float bfloat16ToFloat(uint16_t bits);
// Python bytes literal of arbitrary bytes, e.g. b'a\x00\'' or b"it's".
std::string bytesRepr(const std::string& bytes);

} // namespace graphlens::io
