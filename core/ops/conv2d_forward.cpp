// Conv2D forward for float32. Every path cuts the output into blocks fixed by the geometry alone
// (never by the thread count), works a block out in a scratch buffer small enough for L2, runs the
// epilogue on it while it is still in cache, and spreads the blocks over the intra-op pool.
//
// Winograd: F(4x4, 3x3) (Lavin & Gray's transforms) does 36 products per 16 outputs where im2col
// does 144, F(2x2, 3x3) 64. Errors measured against a float64 direct convolution on the 20
// geometries of tests/tensor/test_conv2d_forward.cpp (values in [-1, 1]), as a share of the sum of
// |input * filter| over each output's window / of the output's largest magnitude: im2col 2.3e-7 /
// 9.1e-7, F(2x2) 2.6e-7 / 3.0e-7, F(4x4) 2.9e-6 / 4.0e-6. Speed on one thread of a Zen 4 core (B6's
// 64x32x32, 32 -> 32 channels; CPU time): im2col 14.3 ms, F(4x4) 6.7-7.0 ms with its AVX-512
// transforms, 7.7 ms with the AVX2 ones and sgemm (16.6 ms with the portable transforms, three
// quarters of it in them); F(2x2)'s products alone would cost about 6.4 ms at im2col's GEMM rate.
// Auto picks F(4x4); F(2x2) stays for tests and benchmarks, and is the accurate choice should one
// be needed.
#include "core/ops/conv2d_forward.h"

#include <algorithm>
#include <cstring>
#include <vector>

#include "core/ops/conv2d_direct_kernel.h"
#include "core/ops/gemm.h"
#include "core/ops/thread_scratch.h"
#include "core/ops/winograd_kernels.h"
#include "core/util/interrupt.h"
#include "core/util/thread_pool.h"

namespace graphlens::ops {

namespace {

// A block's scratch (im2col rows, or Winograd's transformed input and products) stays within this
// many floats, so that it and the block's output tile fit in L2 together.
constexpr int64_t kBlockFloats = 48 * 1024;
// Winograd's block: the transformed input and the products of enough tiles that the products are
// not too thin for the GEMM.
constexpr int64_t kWinogradBlockFloats = 96 * 1024;

int64_t ceilDiv(int64_t a, int64_t b) {
    return (a + b - 1) / b;
}

// A block's product: the blocks are already spread over the pool, so the product stays on the
// calling thread.
void blockProduct(GemmIsa isa, int64_t m, int64_t n, int64_t k, const float* a, const float* b, float* c) {
    sgemmUsing(isa, false, false, false, m, n, k, a, k, b, n, c, n);
}

// ---- im2col -------------------------------------------------------------------------------------

// col[i, (ky, kx, c)] = the input under output pixel first + i (0 in the padding).
void im2colRows(const Conv2DParams& p, const float* input, int64_t first, int64_t count, float* col) {
    const int64_t C = p.inChannels, pixels = p.outH * p.outW, rowFloats = p.kw * C;
    // (n, oy, ox) of pixel first + i, stepped rather than divided out for every pixel.
    int64_t n = first / pixels, oy = first % pixels / p.outW, ox = first % p.outW;
    for (int64_t i = 0; i < count; ++i, ++ox) {
        if (ox == p.outW) {
            ox = 0;
            if (++oy == p.outH) oy = 0, ++n;
        }
        const float* image = input + n * p.inH * p.inW * C;
        const int64_t x0 = ox * p.strideW - p.padLeft;
        // With dilation 1 a filter row that lies inside the image is one contiguous run of the input.
        const bool wholeRow = p.dilationW == 1 && x0 >= 0 && x0 + p.kw <= p.inW;
        float* dst = col + i * p.patch();
        for (int64_t ky = 0; ky < p.kh; ++ky, dst += rowFloats) {
            const int64_t y = oy * p.strideH - p.padTop + ky * p.dilationH;
            if (y < 0 || y >= p.inH) {
                std::fill_n(dst, rowFloats, 0.0f);
                continue;
            }
            const float* src = image + y * p.inW * C;
            if (wholeRow) {
                // Few channels make these runs short (9 floats for B6's RGB input), where a loop
                // beats a call to memcpy.
                const float* from = src + x0 * C;
                int64_t j = 0;
                for (; j + 8 <= rowFloats; j += 8) std::memcpy(dst + j, from + j, 8 * sizeof(float));
                for (; j < rowFloats; ++j) dst[j] = from[j];
                continue;
            }
            for (int64_t kx = 0; kx < p.kw; ++kx) {
                const int64_t x = x0 + kx * p.dilationW;
                if (x >= 0 && x < p.inW) std::memcpy(dst + kx * C, src + x * C, static_cast<size_t>(C) * sizeof(float));
                else std::fill_n(dst + kx * C, C, 0.0f);
            }
        }
    }
}

// Output pixels per block for the im2col and pointwise paths: a multiple of 16, at most 1024.
int64_t pixelsPerBlock(const Conv2DParams& p) {
    const int64_t perPixel = std::max<int64_t>(p.patch() + p.outChannels, 1);
    const int64_t pixels = std::clamp<int64_t>(kBlockFloats / perPixel, 16, 1024);
    return pixels - pixels % 16;
}

// The im2col path, or with `pointwise` the input itself as the matrix (1x1, stride 1, no padding).
void forwardGemm(const Conv2DParams& p, const float* input, const float* filter, float* output,
                 const ConvEpilogue* epilogue, util::ThreadPool& pool, GemmIsa isa, bool pointwise) {
    const int64_t total = p.outPixels(), block = pixelsPerBlock(p), K = p.outChannels, patch = p.patch();
    pool.parallelFor(ceilDiv(total, block), 1, [&](int64_t begin, int64_t end) {
        float* col = pointwise ? nullptr : threadScratch(ScratchSlot::ConvBlockInput, block * patch);
        for (int64_t b = begin; b < end; ++b) {
            util::checkInterrupt(); // a block is milliseconds; a giant convolution is minutes
            const int64_t first = b * block, count = std::min(block, total - first);
            const float* rows = input + first * patch;
            if (!pointwise) {
                im2colRows(p, input, first, count, col);
                rows = col;
            }
            float* out = output + first * K;
            blockProduct(isa, count, K, patch, rows, filter, out);
            if (epilogue) (*epilogue)(out, first, count);
        }
    });
}

// ---- Direct ------------------------------------------------------------------------------------
// Few input channels make im2col's rows short copies that cost more than their product (B6's RGB
// layer: 55% of its time). The direct kernels read the taps from kh zero-padded input rows instead
// and keep a row's pixels in registers; their sums are sgemm's, so the bits are im2col's.

bool directRuns(GemmIsa isa) {
    return isa == GemmIsa::Avx512 || isa == GemmIsa::Avx2;
}

// Pixels in one zero-padded input row of the direct path; its scratch holds kh such rows.
int64_t directPaddedWidth(const Conv2DParams& p) {
    return (p.outW - 1) * p.strideW + (p.kw - 1) * p.dilationW + 1;
}

void forwardDirect(const Conv2DParams& p, const float* input, const float* filter, float* output,
                   const ConvEpilogue* epilogue, util::ThreadPool& pool, GemmIsa isa) {
    using conv_direct_detail::DirectConvShape;
    const int64_t C = p.inChannels, K = p.outChannels;
    std::vector<int64_t> tapOffset(static_cast<size_t>(p.patch()));
    const int64_t paddedW = directPaddedWidth(p);
    for (int64_t ky = 0, t = 0; ky < p.kh; ++ky)
        for (int64_t kx = 0; kx < p.kw; ++kx)
            for (int64_t c = 0; c < C; ++c)
                tapOffset[static_cast<size_t>(t++)] = (ky * paddedW + kx * p.dilationW) * C + c;
    const DirectConvShape shape{ p.inH,
                                 p.inW,
                                 C,
                                 p.outH,
                                 p.outW,
                                 K,
                                 p.kh,
                                 p.strideH,
                                 p.strideW,
                                 p.dilationH,
                                 p.padTop,
                                 p.padLeft,
                                 paddedW,
                                 p.patch(),
                                 gemmBlockDepth(p.patch()),
                                 tapOffset.data() };
    auto* rows =
        isa == GemmIsa::Avx512 ? &conv_direct_detail::directConvRowsAvx512 : &conv_direct_detail::directConvRowsAvx2;
    // Blocks of whole output rows, about as many pixels as im2col's blocks.
    const int64_t totalRows = p.batch * p.outH, rowsPerBlock = std::max<int64_t>(1, pixelsPerBlock(p) / p.outW);
    pool.parallelFor(ceilDiv(totalRows, rowsPerBlock), 1, [&](int64_t begin, int64_t end) {
        float* scratch = threadScratch(ScratchSlot::ConvBlockInput, p.kh * paddedW * C);
        for (int64_t b = begin; b < end; ++b) {
            util::checkInterrupt();
            const int64_t firstRow = b * rowsPerBlock, endRow = std::min(totalRows, firstRow + rowsPerBlock);
            rows(shape, input, filter, output, firstRow, endRow, scratch);
            if (epilogue) {
                const int64_t first = firstRow * p.outW;
                (*epilogue)(output + first * K, first, (endRow - firstRow) * p.outW);
            }
        }
    });
}

// ---- Winograd F(M x M, 3 x 3) -------------------------------------------------------------------
// Channels are the vector lanes: NHWC keeps a pixel's channels contiguous, so every transform is
// the same scalar formula on kLanes channels at once, which the compiler vectorises.

constexpr int kLanes = 16;

// v = B^T d on one line of the input tile: d[j * ds + lane] -> v[i * vs + lane].
template<int M> void inputLine(const float* __restrict d, int ds, float* __restrict v, int vs) {
    for (int l = 0; l < kLanes; ++l) {
        if constexpr (M == 2) {
            const float d0 = d[l], d1 = d[ds + l], d2 = d[2 * ds + l], d3 = d[3 * ds + l];
            v[l] = d0 - d2;
            v[vs + l] = d1 + d2;
            v[2 * vs + l] = d2 - d1;
            v[3 * vs + l] = d1 - d3;
        } else {
            const float d0 = d[l], d1 = d[ds + l], d2 = d[2 * ds + l], d3 = d[3 * ds + l], d4 = d[4 * ds + l],
                        d5 = d[5 * ds + l];
            v[l] = 4.0f * d0 - 5.0f * d2 + d4;
            v[vs + l] = d3 + d4 - 4.0f * (d1 + d2);
            v[2 * vs + l] = 4.0f * (d1 - d2) + d4 - d3;
            v[3 * vs + l] = 2.0f * (d3 - d1) + d4 - d2;
            v[4 * vs + l] = 2.0f * (d1 - d3) + d4 - d2;
            v[5 * vs + l] = 4.0f * d1 - 5.0f * d3 + d5;
        }
    }
}

// y = A^T m on one line of a tile of products: m[j * ms + lane] -> y[i * ys + lane].
template<int M> void outputLine(const float* __restrict m, int ms, float* __restrict y, int ys) {
    for (int l = 0; l < kLanes; ++l) {
        if constexpr (M == 2) {
            const float m0 = m[l], m1 = m[ms + l], m2 = m[2 * ms + l], m3 = m[3 * ms + l];
            y[l] = m0 + m1 + m2;
            y[ys + l] = m1 - m2 - m3;
        } else {
            const float m0 = m[l], m1 = m[ms + l], m2 = m[2 * ms + l], m3 = m[3 * ms + l], m4 = m[4 * ms + l],
                        m5 = m[5 * ms + l];
            const float s12 = m1 + m2, d12 = m1 - m2, s34 = m3 + m4, d34 = m3 - m4;
            y[l] = m0 + s12 + s34;
            y[ys + l] = d12 + 2.0f * d34;
            y[2 * ys + l] = s12 + 4.0f * s34;
            y[3 * ys + l] = d12 + 8.0f * d34 + m5;
        }
    }
}

// u = G g on one line of a 3x3 filter for N channels at once, in double (done once per call, so
// precision is free): g[i * gs + j] -> u[i * us + j], j < N.
template<int M, int N> void filterLines(const double* g, int gs, double* u, int us) {
    for (int j = 0; j < N; ++j) {
        const double g0 = g[j], g1 = g[gs + j], g2 = g[2 * gs + j];
        if constexpr (M == 2) {
            u[j] = g0;
            u[us + j] = (g0 + g1 + g2) / 2;
            u[2 * us + j] = (g0 - g1 + g2) / 2;
            u[3 * us + j] = g2;
        } else {
            u[j] = g0 / 4;
            u[us + j] = -(g0 + g1 + g2) / 6;
            u[2 * us + j] = -(g0 - g1 + g2) / 6;
            u[3 * us + j] = g0 / 24 + g1 / 12 + g2 / 6;
            u[4 * us + j] = g0 / 24 - g1 / 12 + g2 / 6;
            u[5 * us + j] = g2;
        }
    }
}

template<int M> class Winograd {
public:
    static constexpr int kTile = M + 2, kPoints = kTile * kTile;

    // The transforms use the instruction set of the sgemm variant `isa`: AVX-512, AVX2, else the
    // portable code (F(2x2) always).
    Winograd(const Conv2DParams& p, const float* filter, GemmIsa isa)
        : m_p(p)
        , m_isa(isa) {
        if (M == 4 && isa == GemmIsa::Avx512) {
            m_inputTransform = &winograd_detail::inputTransform4x4Avx512;
            m_outputTransform = &winograd_detail::outputTransform4x4Avx512;
        } else if (M == 4 && isa == GemmIsa::Avx2) {
            m_inputTransform = &winograd_detail::inputTransform4x4Avx2;
            m_outputTransform = &winograd_detail::outputTransform4x4Avx2;
        }
        m_tilesY = ceilDiv(p.outH, M);
        m_tilesX = ceilDiv(p.outW, M);
        const int64_t perTile = kPoints * (p.inChannels + p.outChannels);
        m_rowsPerBlock = std::max<int64_t>(1, kWinogradBlockFloats / (perTile * m_tilesX));
        transformFilter(filter);
    }

    void run(const float* input, float* output, const ConvEpilogue* epilogue, const ConvChannelEpilogue* inRegisters,
             util::ThreadPool& pool) const {
        // The vector output transforms apply a channel epilogue before their stores, which saves a
        // pass over each block (a tenth of B6's convolution time).
        const ConvChannelEpilogue* fused = m_outputTransform && epilogue ? inRegisters : nullptr;
        if (fused) epilogue = nullptr;
        const int64_t tileRows = m_p.batch * m_tilesY;
        pool.parallelFor(ceilDiv(tileRows, m_rowsPerBlock), 1, [&](int64_t begin, int64_t end) {
            const int64_t maxTiles = m_rowsPerBlock * m_tilesX;
            float* v = threadScratch(ScratchSlot::ConvBlockInput, kPoints * maxTiles * m_p.inChannels);
            float* products = threadScratch(ScratchSlot::ConvBlockProducts, kPoints * maxTiles * m_p.outChannels);
            for (int64_t b = begin; b < end; ++b) {
                util::checkInterrupt();
                const int64_t firstRow = b * m_rowsPerBlock, endRow = std::min(tileRows, firstRow + m_rowsPerBlock);
                block(input, output, firstRow, endRow, v, products, fused);
                if (epilogue) {
                    const int64_t first = firstPixel(firstRow), count = firstPixel(endRow) - first;
                    (*epilogue)(output + first * m_p.outChannels, first, count);
                }
            }
        });
    }

private:
    // The first output pixel of tile row `row` (counted over the batch); blocks of whole tile rows
    // cover contiguous output pixels.
    int64_t firstPixel(int64_t row) const {
        const int64_t n = row / m_tilesY, ty = row % m_tilesY;
        return (n * m_p.outH + std::min<int64_t>(ty * M, m_p.outH)) * m_p.outW;
    }

    // m_u[point, c, k] = (G g G^T)[point] for filter g[:, :, c, k], in the calling thread's scratch
    // (the workers only read it, and run() returns before this thread transforms another filter).
    // filterLines on kChunk channels at once, a fixed count the compiler vectorises (B6's last
    // layer: 0.12 ms a call one channel at a time).
    void transformFilter(const float* filter) {
        const int64_t C = m_p.inChannels, K = m_p.outChannels;
        float* u = threadScratch(ScratchSlot::ConvFilterTransform, kPoints * C * K);
        m_u = u;
        constexpr int kChunk = 16;
        double g[9 * kChunk], half[kTile * 3 * kChunk], out[kPoints * kChunk];
        for (int64_t c = 0; c < C; ++c)
            for (int64_t k0 = 0; k0 < K; k0 += kChunk) {
                const int64_t n = std::min<int64_t>(kChunk, K - k0);
                for (int i = 0; i < 9; ++i)
                    for (int j = 0; j < kChunk; ++j) g[i * kChunk + j] = j < n ? filter[(i * C + c) * K + k0 + j] : 0.0;
                for (int col = 0; col < 3; ++col)
                    filterLines<M, kChunk>(g + col * kChunk, 3 * kChunk, half + col * kChunk, 3 * kChunk);
                for (int r = 0; r < kTile; ++r)
                    filterLines<M, kChunk>(half + r * 3 * kChunk, kChunk, out + r * kTile * kChunk, kChunk);
                for (int point = 0; point < kPoints; ++point)
                    for (int64_t j = 0; j < n; ++j)
                        u[(point * C + c) * K + k0 + j] = static_cast<float>(out[point * kChunk + j]);
            }
    }

    // Tile rows [firstRow, endRow): input transform into v[point, tile, c], one product per
    // point into products[point, tile, k], output transform into `output`.
    void block(const float* input, float* output, int64_t firstRow, int64_t endRow, float* v, float* products,
               const ConvChannelEpilogue* fused) const {
        const int64_t C = m_p.inChannels, K = m_p.outChannels, tiles = (endRow - firstRow) * m_tilesX;
        const int64_t vStride = tiles * C, mStride = tiles * K; // between two points' rows
        alignas(64) float d[kPoints * kLanes], t[kPoints * kLanes];
        for (int64_t i = 0; i < tiles; ++i) {
            const int64_t row = firstRow + i / m_tilesX, n = row / m_tilesY;
            const int64_t y0 = row % m_tilesY * M - m_p.padTop, x0 = i % m_tilesX * M - m_p.padLeft;
            const float* image = input + n * m_p.inH * m_p.inW * C;
            if (m_inputTransform) {
                m_inputTransform(image, m_p.inH, m_p.inW, C, y0, x0, v + i * C, vStride);
                continue;
            }
            for (int64_t c0 = 0; c0 < C; c0 += kLanes) {
                const int64_t lanes = std::min<int64_t>(kLanes, C - c0);
                for (int r = 0; r < kTile; ++r)
                    for (int s = 0; s < kTile; ++s) {
                        float* dst = d + (r * kTile + s) * kLanes;
                        const int64_t y = y0 + r, x = x0 + s;
                        if (y >= 0 && y < m_p.inH && x >= 0 && x < m_p.inW) {
                            std::memcpy(dst, image + (y * m_p.inW + x) * C + c0,
                                        static_cast<size_t>(lanes) * sizeof(float));
                            std::fill(dst + lanes, dst + kLanes, 0.0f);
                        } else {
                            std::fill(dst, dst + kLanes, 0.0f);
                        }
                    }
                for (int s = 0; s < kTile; ++s)
                    inputLine<M>(d + s * kLanes, kTile * kLanes, t + s * kLanes, kTile * kLanes);
                for (int r = 0; r < kTile; ++r)
                    inputLine<M>(t + r * kTile * kLanes, kLanes, d + r * kTile * kLanes, kLanes);
                for (int point = 0; point < kPoints; ++point)
                    std::memcpy(v + point * vStride + i * C + c0, d + point * kLanes,
                                static_cast<size_t>(lanes) * sizeof(float));
            }
        }
        for (int point = 0; point < kPoints; ++point)
            blockProduct(m_isa, tiles, K, C, v + point * vStride, m_u + point * C * K, products + point * mStride);
        for (int64_t i = 0; i < tiles; ++i) {
            const int64_t row = firstRow + i / m_tilesX, n = row / m_tilesY;
            const int64_t oy = row % m_tilesY * M, ox = i % m_tilesX * M;
            const int64_t rows = std::min<int64_t>(M, m_p.outH - oy), cols = std::min<int64_t>(M, m_p.outW - ox);
            float* image = output + n * m_p.outH * m_p.outW * K;
            if (m_outputTransform) {
                m_outputTransform(products + i * K, mStride, K, image + (oy * m_p.outW + ox) * K, m_p.outW * K, rows,
                                  cols, fused);
                continue;
            }
            for (int64_t k0 = 0; k0 < K; k0 += kLanes) {
                const int64_t lanes = std::min<int64_t>(kLanes, K - k0);
                for (int point = 0; point < kPoints; ++point) {
                    float* dst = d + point * kLanes;
                    std::memcpy(dst, products + point * mStride + i * K + k0,
                                static_cast<size_t>(lanes) * sizeof(float));
                    std::fill(dst + lanes, dst + kLanes, 0.0f);
                }
                for (int s = 0; s < kTile; ++s)
                    outputLine<M>(d + s * kLanes, kTile * kLanes, t + s * kLanes, kTile * kLanes);
                // t holds M rows of kTile; the row pass writes M x M results back into d.
                for (int r = 0; r < M; ++r) outputLine<M>(t + r * kTile * kLanes, kLanes, d + r * M * kLanes, kLanes);
                for (int64_t r = 0; r < rows; ++r)
                    for (int64_t s = 0; s < cols; ++s)
                        std::memcpy(image + ((oy + r) * m_p.outW + ox + s) * K + k0, d + (r * M + s) * kLanes,
                                    static_cast<size_t>(lanes) * sizeof(float));
            }
        }
    }

    const Conv2DParams& m_p;
    const GemmIsa m_isa;
    winograd_detail::InputTransformFn m_inputTransform = nullptr;
    winograd_detail::OutputTransformFn m_outputTransform = nullptr;
    int64_t m_tilesY = 0, m_tilesX = 0, m_rowsPerBlock = 1;
    const float* m_u = nullptr;
};

bool isWinogradShape(const Conv2DParams& p) {
    return p.kh == 3 && p.kw == 3 && p.strideH == 1 && p.strideW == 1 && p.dilationH == 1 && p.dilationW == 1;
}

} // namespace

bool conv2DApplies(const Conv2DParams& p, Conv2DAlgorithm algorithm) {
    switch (algorithm) {
    case Conv2DAlgorithm::Auto:
    case Conv2DAlgorithm::Im2col:
    case Conv2DAlgorithm::Direct:
        return true;
    case Conv2DAlgorithm::Pointwise:
        return p.kh == 1 && p.kw == 1 && p.strideH == 1 && p.strideW == 1 && p.padTop == 0 && p.padLeft == 0 &&
            p.outH == p.inH && p.outW == p.inW;
    case Conv2DAlgorithm::Winograd2x2:
    case Conv2DAlgorithm::Winograd4x4:
        return isWinogradShape(p);
    }
    return false;
}

Conv2DAlgorithm conv2DChoose(const Conv2DParams& p) {
    if (conv2DApplies(p, Conv2DAlgorithm::Pointwise)) return Conv2DAlgorithm::Pointwise;
    // Few channels leave Winograd's products too thin to pay for its transforms; a small output
    // wastes most of each 4x4 tile.
    if (isWinogradShape(p) && p.inChannels >= 8 && p.outChannels >= 8 && p.outH >= 4 && p.outW >= 4)
        return Conv2DAlgorithm::Winograd4x4;
    // Measured on one Zen 4 thread (bench_conv2d and like geometries): with fewer than 8 input
    // channels the direct kernels take 0.5-0.6x im2col's time (B6's RGB layer 0.83 vs 1.45 ms); at
    // 8 they are even, above it slower (16 -> 32 channels, stride 2: 1.4x).
    // A huge dilation makes the padded rows huge: im2col's blocks stay bounded.
    if (p.inChannels < 8 && directRuns(activeGemmIsa()) && p.kh * directPaddedWidth(p) * p.inChannels <= kBlockFloats)
        return Conv2DAlgorithm::Direct;
    return Conv2DAlgorithm::Im2col;
}

void conv2DForward(const Conv2DParams& p, const float* input, const float* filter, float* output,
                   const Conv2DOptions& options) {
    // An empty output (a zero batch, height, width or channel count) has nothing to compute, and
    // the paths' block sizes divide by its width.
    if (p.outPixels() <= 0 || p.outChannels <= 0) return;
    const Conv2DAlgorithm algorithm = options.algorithm == Conv2DAlgorithm::Auto ? conv2DChoose(p) : options.algorithm;
    util::ThreadPool& pool = options.pool ? *options.pool : util::intraOpPool();
    const GemmIsa isa = options.gemmIsa.value_or(activeGemmIsa());
    switch (algorithm) {
    case Conv2DAlgorithm::Auto:
    case Conv2DAlgorithm::Im2col:
        return forwardGemm(p, input, filter, output, options.epilogue, pool, isa, false);
    case Conv2DAlgorithm::Direct:
        // Where the direct kernels do not run, Direct is im2col, whose bits they give elsewhere.
        if (!directRuns(isa)) return forwardGemm(p, input, filter, output, options.epilogue, pool, isa, false);
        return forwardDirect(p, input, filter, output, options.epilogue, pool, isa);
    case Conv2DAlgorithm::Pointwise:
        return forwardGemm(p, input, filter, output, options.epilogue, pool, isa, true);
    case Conv2DAlgorithm::Winograd2x2:
        return Winograd<2>(p, filter, isa).run(input, output, options.epilogue, options.channelEpilogue, pool);
    case Conv2DAlgorithm::Winograd4x4:
        return Winograd<4>(p, filter, isa).run(input, output, options.epilogue, options.channelEpilogue, pool);
    }
}

} // namespace graphlens::ops
