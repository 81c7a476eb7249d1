#pragma once
// Hooks of the printing ops (kernels_string.cpp).
#include <functional>
#include <string>
#include <string_view>

#include "core/tensor/tensor.h"

namespace graphlens::ops {

// Where PrintV2 writes: (output_stream attr, text with `end`). Unset: std::cout / std::cerr.
using PrintSink = std::function<void(std::string_view stream, std::string_view text)>;
void setPrintSink(PrintSink sink);

// One tensor as tf.print and StringFormat show it (`summarize` edge items, -1 all).
std::string formatTensorForPrint(const tensor::Tensor& t, int64_t summarize);

} // namespace graphlens::ops
