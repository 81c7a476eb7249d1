#pragma once
// Winograd F(4x4, 3x3)'s input and output transforms written once for a vector type; included
// only by the ISA files (winograd_avx512.cpp, winograd_avx2.cpp), each defining `Isa` first and
// compiled for its ISA with -ffp-contract=off. Everything is in an anonymous namespace, so each
// file keeps its own copy; no standard library templates, whose ISA-flagged instances could serve
// other callers.
#include "core/ops/conv_epilogue.h"

namespace graphlens::ops::winograd_detail {
namespace {

using Vec = Isa::Vec;

// B^T d on six vectors (Lavin & Gray's F(4, 3)).
[[gnu::always_inline]] inline void inputLine(const Vec* d, Vec* v) {
    const Vec two = Isa::set1(2.0f), four = Isa::set1(4.0f), five = Isa::set1(5.0f);
    const Vec d4m2 = Isa::sub(d[4], d[2]);
    v[0] = Isa::fmadd(four, d[0], Isa::fnmadd(five, d[2], d[4]));
    v[1] = Isa::fnmadd(four, Isa::add(d[1], d[2]), Isa::add(d[3], d[4]));
    v[2] = Isa::fmadd(four, Isa::sub(d[1], d[2]), Isa::sub(d[4], d[3]));
    v[3] = Isa::fmadd(two, Isa::sub(d[3], d[1]), d4m2);
    v[4] = Isa::fmadd(two, Isa::sub(d[1], d[3]), d4m2);
    v[5] = Isa::fmadd(four, d[1], Isa::fnmadd(five, d[3], d[5]));
}

// A^T m on six vectors: four results.
[[gnu::always_inline]] inline void outputLine(const Vec* m, Vec* y) {
    const Vec s12 = Isa::add(m[1], m[2]), d12 = Isa::sub(m[1], m[2]);
    const Vec s34 = Isa::add(m[3], m[4]), d34 = Isa::sub(m[3], m[4]);
    y[0] = Isa::add(Isa::add(m[0], s12), s34);
    y[1] = Isa::fmadd(Isa::set1(2.0f), d34, d12);
    y[2] = Isa::fmadd(Isa::set1(4.0f), s34, s12);
    y[3] = Isa::add(Isa::fmadd(Isa::set1(8.0f), d34, d12), m[5]);
}

// The channel epilogue on one vector of channels: a mul and an add, never fused into an FMA (the
// files are built with -ffp-contract=off), so the bits are those of the separate ops. Isa::max0
// and Isa::min6 keep NaN and -0 as the scalar `v < 0 ? 0 : v` and `v > 6 ? 6 : v` do.
struct ChannelVector {
    Vec scale, shift;
    bool scaled;
    ConvChannelEpilogue::Activation activation;

    ChannelVector(const ConvChannelEpilogue& e, int64_t k0, Isa::Mask mask)
        : scale(e.scale ? Isa::load(e.scale + k0, mask) : Isa::zero())
        , shift(Isa::load(e.shift + k0, mask))
        , scaled(e.scale != nullptr)
        , activation(e.activation) { }

    [[gnu::always_inline]] Vec apply(Vec v) const {
        v = Isa::add(scaled ? Isa::mul(v, scale) : v, shift);
        switch (activation) {
        case ConvChannelEpilogue::Activation::None:
            return v;
        case ConvChannelEpilogue::Activation::Relu:
            return Isa::max0(v);
        case ConvChannelEpilogue::Activation::Relu6:
            return Isa::max0(Isa::min6(v));
        }
        return v;
    }
};

void inputTransform(const float* image, int64_t H, int64_t W, int64_t C, int64_t y0, int64_t x0, float* v,
                    int64_t pointStride) {
    for (int64_t c0 = 0; c0 < C; c0 += Isa::kLanes) {
        const Isa::Mask mask = Isa::mask(C - c0);
        Vec t[36], d[6], column[6];
        for (int s = 0; s < 6; ++s) {
            const int64_t x = x0 + s;
            for (int r = 0; r < 6; ++r) {
                const int64_t y = y0 + r;
                d[r] = y >= 0 && y < H && x >= 0 && x < W ? Isa::load(image + (y * W + x) * C + c0, mask) : Isa::zero();
            }
            inputLine(d, column);
            for (int i = 0; i < 6; ++i) t[i * 6 + s] = column[i];
        }
        for (int r = 0; r < 6; ++r) {
            inputLine(t + r * 6, column);
            for (int i = 0; i < 6; ++i) Isa::store(v + (r * 6 + i) * pointStride + c0, mask, column[i]);
        }
    }
}

void outputTransform(const float* m, int64_t pointStride, int64_t K, float* out, int64_t rowStride, int64_t rows,
                     int64_t cols, const ConvChannelEpilogue* epilogue) {
    for (int64_t k0 = 0; k0 < K; k0 += Isa::kLanes) {
        const Isa::Mask mask = Isa::mask(K - k0);
        Vec t[24], column[6], y[4];
        for (int s = 0; s < 6; ++s) {
            for (int r = 0; r < 6; ++r) column[r] = Isa::load(m + (r * 6 + s) * pointStride + k0, mask);
            outputLine(column, y);
            for (int i = 0; i < 4; ++i) t[i * 6 + s] = y[i];
        }
        // The row pass, once per kind of store, so the plain one has no test per vector.
        auto store = [&](auto finish) {
            for (int64_t r = 0; r < rows; ++r) {
                outputLine(t + r * 6, y);
                for (int64_t s = 0; s < cols; ++s) Isa::store(out + r * rowStride + s * K + k0, mask, finish(y[s]));
            }
        };
        if (epilogue) {
            const ChannelVector channels(*epilogue, k0, mask);
            store([&](Vec v) { return channels.apply(v); });
        } else {
            store([](Vec v) { return v; });
        }
    }
}

} // namespace
} // namespace graphlens::ops::winograd_detail
