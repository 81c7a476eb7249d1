#pragma once
// A header of data alone: winograd_avx512.cpp, compiled for AVX-512, includes it and must share no
// inline code with other files.

namespace graphlens::ops {

// An epilogue that is a per-channel affine map and an activation, out = act(value * scale[k] +
// shift[k]) (value + shift[k] without a scale), each step rounded to float as a separate op would.
// The AVX-512 Winograd path applies it in registers before its stores; every other path calls the
// ConvEpilogue it describes, which must compute the same bits.
struct ConvChannelEpilogue {
    enum class Activation { None, Relu, Relu6 };
    const float* scale = nullptr; // outChannels values, or nullptr
    const float* shift = nullptr; // outChannels values
    Activation activation = Activation::None;
};

} // namespace graphlens::ops
