#pragma once
// TensorFlow 2.21's text for eager tensors and variables (str/repr, which wrap numpy's text) and
// for tf.print (the C++ Tensor::SummarizeValue(summarize, print_v2=true)), byte for byte.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/numeric/array_format.h"

namespace graphlens::numeric {

// TF dtype names: "float32", "bfloat16", "int64", "bool", "string" (Bytes and Object).
std::string tfDtypeName(ElementType t);

// str(t) / print(t): "tf.Tensor([1 2], shape=(2,), dtype=int32)". String tensors may be given as
// Bytes or Object; TF shows them as numpy object arrays.
std::string tfTensorStr(const ArrayView& t);
// repr(t): "<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>".
std::string tfTensorRepr(const ArrayView& t);
// repr(v) of a tf.Variable: "<tf.Variable 'Variable:0' shape=(2,) dtype=float32, numpy=...>".
std::string tfVariableRepr(std::string_view name, const ArrayView& value);

// What tf.print shows for one tensor: edge items per dimension = summarize (-1: everything).
std::string tfSummarize(const ArrayView& t, int64_t summarize = 3);

// One tf.print argument: a tensor, or text placed as is (Python strings and other objects,
// already converted with str()).
struct TfPrintArg {
    const ArrayView* tensor = nullptr;
    std::string text;
};

// The whole tf.print(*args, sep=, end=) line. A lone scalar string tensor prints unquoted.
std::string tfPrint(std::span<const TfPrintArg> args, int64_t summarize = 3, std::string_view sep = " ",
                    std::string_view end = "\n");

} // namespace graphlens::numeric
