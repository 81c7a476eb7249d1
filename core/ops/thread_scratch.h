#pragma once
// Per-thread scratch memory for kernels, kept between calls so that a kernel's working blocks cost
// no allocation and no page faults per call. A kernel that calls another one on the same thread
// (a convolution's block product calls the GEMM) uses a slot of its own.
#include <cstdint>

namespace graphlens::ops {

enum class ScratchSlot { GemmPackedB, ConvBlockInput, ConvBlockProducts, ConvFilterTransform, Count };

// At least n floats for this thread, 64-byte aligned. The contents are undefined (nothing is kept
// when it grows); the pointer is valid until the next call for the same slot on this thread.
float* threadScratch(ScratchSlot slot, int64_t n);

} // namespace graphlens::ops
