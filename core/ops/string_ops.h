#pragma once
// Hooks of the printing ops (kernels_string.cpp).
#include <functional>
#include <string>
#include <string_view>

#include "core/tensor/tensor.h"

namespace graphlens::ops {

// Where a graph's PrintV2 writes (exec::RunOptions::print): (output_stream attr, text with `end`).
// The kernel itself writes to std::cout / std::cerr, as TF's does.
using PrintSink = std::function<void(std::string_view stream, std::string_view text)>;

// One tensor as tf.print and StringFormat show it (`summarize` edge items, -1 all).
std::string formatTensorForPrint(const tensor::Tensor& t, int64_t summarize);

} // namespace graphlens::ops
