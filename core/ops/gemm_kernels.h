#pragma once
// The register-blocked micro-kernels behind sgemm (gemm.cpp), one per instruction set. Each
// ISA's kernel lives in its own translation unit compiled for that ISA (gemm_avx512.cpp,
// gemm_avx2.cpp), so this header declares only plain types and functions: nothing here may be
// inline, or an ISA-flagged copy of it could be the one the linker keeps for everybody.
#include <cstdint>

namespace graphlens::ops::gemm_detail {

// One register tile: C[rows×cols] = (or +=, when `accumulate`) Σ_{p<kc} A(r,p)·B(p,j), where
// A(r,p) = a[r·rsA + p·csA] with rsA == 1 or csA == 1 (a packed micro-panel or A read in place),
// and B(p,j) = b[p·ldb + j] for j < nr: a panel `nr` wide (zero padded beyond `cols` where
// packed; read in place only when cols == nr). rows <= mr, cols <= nr. Every element is the
// same chain of multiply-adds over p whatever the tile's rows and cols, so the result does not
// depend on how the output was split into tiles.
using TileFn = void (*)(int64_t kc, const float* a, int64_t rsA, int64_t csA, const float* b, int64_t ldb, float* c,
                        int64_t ldc, int rows, int cols, bool accumulate);

// An aggregate without default member initialisers: no implicit inline constructor to emit.
struct MicroKernel {
    int mr; // rows of a register tile
    int nr; // columns of a register tile (a B panel's width)
    TileFn tile;
};

MicroKernel avx512MicroKernel(); // gemm_avx512.cpp: AVX-512F, 8×32
MicroKernel avx2MicroKernel();   // gemm_avx2.cpp: AVX2 + FMA, 6×16

} // namespace graphlens::ops::gemm_detail
