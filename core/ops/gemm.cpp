// sgemm: a packed, cache-blocked GEMM whose register tiles run on the best micro-kernel the CPU
// has (gemm_kernels.h), split over output blocks on the intra-op pool; Eigen's GEMM stays as the
// reference peer. Blocking: B is packed into panels nr wide, KC deep (a KC×NC block stays in L2);
// each mr×KC micro-panel of A (packed, or read in place when it is not reused much) stays in L1
// while it sweeps the block's panels.
#include "core/ops/gemm.h"

#include <Eigen/Core>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "core/ops/gemm_kernels.h"
#include "core/ops/thread_scratch.h"
#include "core/util/interrupt.h"
#include "core/util/thread_pool.h"

namespace graphlens::ops {

namespace {

using gemm_detail::MicroKernel;

// ---- Eigen, the peer ----

using Stride = Eigen::OuterStride<>;
using RowMat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ColMat = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::ColMajor>;

template<class M> Eigen::Map<const M, 0, Stride> view(const float* p, int64_t rows, int64_t cols, int64_t ld) {
    return Eigen::Map<const M, 0, Stride>(p, rows, cols, Stride(ld));
}

template<class A, class B> void product(Eigen::Map<RowMat, 0, Stride>& c, const A& a, const B& b, bool accumulate) {
    if (accumulate) c.noalias() += a * b;
    else c.noalias() = a * b;
}

void eigenGemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
               int64_t ldb, float* c, int64_t ldc, bool accumulate) {
    Eigen::Map<RowMat, 0, Stride> cm(c, m, n, Stride(ldc));
    // A transposed is its row-major k×m storage read as a column-major m×k matrix.
    if (!transA && !transB) product(cm, view<RowMat>(a, m, k, lda), view<RowMat>(b, k, n, ldb), accumulate);
    else if (transA && !transB) product(cm, view<ColMat>(a, m, k, lda), view<RowMat>(b, k, n, ldb), accumulate);
    else if (!transA && transB) product(cm, view<RowMat>(a, m, k, lda), view<ColMat>(b, k, n, ldb), accumulate);
    else product(cm, view<ColMat>(a, m, k, lda), view<ColMat>(b, k, n, ldb), accumulate);
}

// ---- The portable micro-kernel: 4×8, on the compiler's generic vectors (SSE2 at baseline) ----

constexpr int kGenericRows = 4;
constexpr int kGenericCols = 8;
using Vec4 = float __attribute__((vector_size(16)));

template<int R>
void genericTile(int64_t kc, const float* a, int64_t rsA, int64_t csA, const float* b, int64_t ldb, float* c,
                 int64_t ldc, int, int cols, bool accumulate) {
    Vec4 acc[R][2] = {};
    for (int64_t p = 0; p < kc; ++p) {
        Vec4 b0, b1;
        std::memcpy(&b0, b + p * ldb, sizeof(b0));
        std::memcpy(&b1, b + p * ldb + 4, sizeof(b1));
        for (int r = 0; r < R; ++r) {
            const float av = a[r * rsA + p * csA];
            acc[r][0] += av * b0;
            acc[r][1] += av * b1;
        }
    }
    for (int r = 0; r < R; ++r) {
        float out[kGenericCols];
        std::memcpy(out, &acc[r][0], sizeof(out));
        for (int j = 0; j < cols; ++j) c[r * ldc + j] = accumulate ? c[r * ldc + j] + out[j] : out[j];
    }
}

void genericAnyTile(int64_t kc, const float* a, int64_t rsA, int64_t csA, const float* b, int64_t ldb, float* c,
                    int64_t ldc, int rows, int cols, bool accumulate) {
    switch (rows) {
    case 1:
        return genericTile<1>(kc, a, rsA, csA, b, ldb, c, ldc, rows, cols, accumulate);
    case 2:
        return genericTile<2>(kc, a, rsA, csA, b, ldb, c, ldc, rows, cols, accumulate);
    case 3:
        return genericTile<3>(kc, a, rsA, csA, b, ldb, c, ldc, rows, cols, accumulate);
    default:
        return genericTile<kGenericRows>(kc, a, rsA, csA, b, ldb, c, ldc, rows, cols, accumulate);
    }
}

// ---- The blocked driver ----

constexpr int64_t kMaxRows = 8; // the largest mr of any micro-kernel
// KC: an mr×KC panel of A fits L1 and a KC×NC block of B half of L2. KC is near Eigen's depth
// for a 32 KiB L1 (~500): long sums are summed in blocks as Eigen does, and round as TF's do in
// the corpus (with KC = 256, seed_000_s3_3's printed loss moved by one in the last digit).
constexpr int64_t kBlockK = 512;
constexpr int64_t kBlockN = 512; // NC
// Below this many multiply-adds a product stays on the calling thread: waking the pool costs more.
constexpr int64_t kParallelMacs = int64_t(1) << 21;

struct Product {
    bool transA, transB;
    int64_t m, n, k;
    const float* a;
    int64_t lda;
    const float* b;
    int64_t ldb;
    float* c;
    int64_t ldc;
    bool accumulate;
};

// dst[p·nr + j] = B(p0 + p, j0 + j) for p < kc, j < cols; zero for cols <= j < nr.
void packBPanel(const Product& g, int64_t p0, int64_t kc, int64_t j0, int64_t cols, int nr, float* dst) {
    if (!g.transB) {
        for (int64_t p = 0; p < kc; ++p) {
            const float* src = g.b + (p0 + p) * g.ldb + j0;
            float* row = dst + p * nr;
            std::memcpy(row, src, static_cast<size_t>(cols) * sizeof(float));
            std::fill(row + cols, row + nr, 0.0f);
        }
        return;
    }
    for (int64_t j = 0; j < cols; ++j) {
        const float* src = g.b + (j0 + j) * g.ldb + p0;
        for (int64_t p = 0; p < kc; ++p) dst[p * nr + j] = src[p];
    }
    if (cols < nr)
        for (int64_t p = 0; p < kc; ++p) std::fill(dst + p * nr + cols, dst + (p + 1) * nr, 0.0f);
}

// dst[p·mr + r] = A(i0 + r, p0 + p) for r < rows, p < kc.
void packAPanel(const Product& g, int64_t i0, int64_t rows, int64_t p0, int64_t kc, int mr, float* dst) {
    if (g.transA) {
        for (int64_t p = 0; p < kc; ++p)
            std::memcpy(dst + p * mr, g.a + (p0 + p) * g.lda + i0, static_cast<size_t>(rows) * sizeof(float));
        return;
    }
    for (int64_t r = 0; r < rows; ++r) {
        const float* src = g.a + (i0 + r) * g.lda + p0;
        for (int64_t p = 0; p < kc; ++p) dst[p * mr + r] = src[p];
    }
}

// How B is read for one KC-deep, NC-wide block of the product.
struct BlockPlan {
    int64_t j0 = 0, nc = 0, panels = 0;
    int64_t p0 = 0, kc = 0;
    bool directB = false;          // full panels read in place (B not transposed, few row tiles reuse them)
    const float* packed = nullptr; // the packed panels: all of them, or only a partial last one when directB
};

int64_t blockDepth(int64_t k) {
    // Equal KC blocks (a 600-deep product runs as 2×300, not 512 + 88).
    const int64_t blocks = (k + kBlockK - 1) / kBlockK;
    return (k + blocks - 1) / blocks;
}

// Rows [i0, i1) × panels [q0, q1) of one block.
void runTiles(const MicroKernel& kern, const Product& g, const BlockPlan& plan, int64_t i0, int64_t i1, int64_t q0,
              int64_t q1) {
    const int mr = kern.mr, nr = kern.nr;
    const int64_t p0 = plan.p0, kc = plan.kc;
    const bool accumulate = g.accumulate || p0 > 0;
    // A micro-panel is packed when enough panels reuse it to pay for the copy.
    const bool packA = q1 - q0 >= 4;
    alignas(64) float aPanel[kMaxRows * kBlockK];
    for (int64_t i = i0; i < i1; i += mr) {
        const int rows = static_cast<int>(std::min<int64_t>(mr, i1 - i));
        const float* a;
        int64_t rsA, csA;
        if (packA) {
            packAPanel(g, i, rows, p0, kc, mr, aPanel);
            a = aPanel, rsA = 1, csA = mr;
        } else if (g.transA) {
            a = g.a + p0 * g.lda + i, rsA = 1, csA = g.lda;
        } else {
            a = g.a + i * g.lda + p0, rsA = g.lda, csA = 1;
        }
        for (int64_t q = q0; q < q1; ++q) {
            const int64_t j = plan.j0 + q * nr;
            const int cols = static_cast<int>(std::min<int64_t>(nr, plan.j0 + plan.nc - j));
            const float* b;
            int64_t ldb;
            if (plan.directB && cols == nr) {
                b = g.b + p0 * g.ldb + j, ldb = g.ldb;
            } else {
                b = plan.packed + (plan.directB ? 0 : q) * kc * nr, ldb = nr;
            }
            kern.tile(kc, a, rsA, csA, b, ldb, g.c + i * g.ldc + j, g.ldc, rows, cols, accumulate);
        }
    }
}

void blockedGemm(const MicroKernel& kern, const Product& g, bool threaded) {
    const int mr = kern.mr, nr = kern.nr;
    const int64_t kcMax = blockDepth(g.k);
    util::ThreadPool& pool = util::intraOpPool();
    const int64_t threads = threaded && g.m * g.n * g.k >= kParallelMacs ? pool.numWorkers() + 1 : 1;
    const int64_t rowTiles = (g.m + mr - 1) / mr;
    for (int64_t j0 = 0; j0 < g.n; j0 += kBlockN) {
        BlockPlan plan;
        plan.j0 = j0;
        plan.nc = std::min(kBlockN, g.n - j0);
        plan.panels = (plan.nc + nr - 1) / nr;
        // Read in place when few row tiles reuse the panels, or when B already is one packed panel
        // (a Winograd block's 32 x 32 products: packing it again was 3.5% of that convolution).
        plan.directB = !g.transB && (rowTiles <= 4 || (g.n == nr && g.ldb == nr));
        const int64_t firstPacked = plan.directB ? plan.nc / nr : 0;
        // Tasks of whole row tiles × whole panels, several per thread; rows first (each task then
        // sweeps all of the block's panels), panels too when the rows alone give too few tasks.
        const int64_t wanted = threads * 4;
        const int64_t tilesPerTask = std::max<int64_t>(1, rowTiles / wanted);
        const int64_t rowTasks = (rowTiles + tilesPerTask - 1) / tilesPerTask;
        const int64_t panelsPerTask =
            rowTasks >= wanted ? plan.panels : std::max<int64_t>(1, plan.panels * rowTasks / wanted);
        const int64_t panelTasks = (plan.panels + panelsPerTask - 1) / panelsPerTask;
        // KC blocks in order: every element sums its blocks in the same order whatever the split.
        for (plan.p0 = 0; plan.p0 < g.k; plan.p0 += kcMax) {
            // One block of depth is a fraction of a second even of a giant product: Stop and time
            // limits hold inside the product (the pool checks again before each of its tasks).
            util::checkInterrupt();
            plan.kc = std::min(kcMax, g.k - plan.p0);
            if (firstPacked < plan.panels) {
                float* packed = threadScratch(ScratchSlot::GemmPackedB, kcMax * (plan.panels - firstPacked) * nr);
                for (int64_t q = firstPacked; q < plan.panels; ++q) {
                    const int64_t j = j0 + q * nr;
                    packBPanel(g, plan.p0, plan.kc, j, std::min<int64_t>(nr, j0 + plan.nc - j), nr,
                               packed + (q - firstPacked) * plan.kc * nr);
                }
                plan.packed = packed;
            }
            if (threads == 1) {
                runTiles(kern, g, plan, 0, g.m, 0, plan.panels);
                continue;
            }
            pool.parallelFor(rowTasks * panelTasks, 1, [&](int64_t t0, int64_t t1) {
                for (int64_t t = t0; t < t1; ++t) {
                    const int64_t rt = t / panelTasks, pt = t % panelTasks;
                    const int64_t i0 = rt * tilesPerTask * mr, i1 = std::min(g.m, i0 + tilesPerTask * mr);
                    const int64_t q0 = pt * panelsPerTask, q1 = std::min(plan.panels, q0 + panelsPerTask);
                    runTiles(kern, g, plan, i0, i1, q0, q1);
                }
            });
        }
    }
}

bool cpuRuns(GemmIsa isa) {
    switch (isa) {
    case GemmIsa::Avx512:
        return __builtin_cpu_supports("avx512f");
    case GemmIsa::Avx2:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case GemmIsa::Generic:
    case GemmIsa::Eigen:
        return true;
    }
    return false;
}

GemmIsa chooseIsa() {
    const std::vector<GemmIsa> supported = supportedGemmIsas();
    if (const char* wanted = std::getenv("GRAPHLENS_GEMM_ISA"))
        for (GemmIsa isa : supported)
            if (std::string(wanted) == gemmIsaName(isa)) return isa;
    return supported.back();
}

} // namespace

const char* gemmIsaName(GemmIsa isa) {
    switch (isa) {
    case GemmIsa::Eigen:
        return "eigen";
    case GemmIsa::Generic:
        return "generic";
    case GemmIsa::Avx2:
        return "avx2";
    case GemmIsa::Avx512:
        return "avx512";
    }
    return "?";
}

std::vector<GemmIsa> supportedGemmIsas() {
    std::vector<GemmIsa> out;
    for (GemmIsa isa : { GemmIsa::Eigen, GemmIsa::Generic, GemmIsa::Avx2, GemmIsa::Avx512 })
        if (cpuRuns(isa)) out.push_back(isa);
    return out;
}

GemmIsa activeGemmIsa() {
    static const GemmIsa isa = chooseIsa();
    return isa;
}

void sgemmUsing(GemmIsa isa, bool threaded, bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float* a,
                int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc, bool accumulate) {
    if (m <= 0 || n <= 0) return;
    if (k <= 0) {
        if (!accumulate)
            for (int64_t i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0f);
        return;
    }
    if (isa == GemmIsa::Eigen) return eigenGemm(transA, transB, m, n, k, a, lda, b, ldb, c, ldc, accumulate);
    const Product g{ transA, transB, m, n, k, a, lda, b, ldb, c, ldc, accumulate };
    switch (isa) {
    case GemmIsa::Avx512:
        return blockedGemm(gemm_detail::avx512MicroKernel(), g, threaded);
    case GemmIsa::Avx2:
        return blockedGemm(gemm_detail::avx2MicroKernel(), g, threaded);
    default:
        return blockedGemm(MicroKernel{ kGenericRows, kGenericCols, &genericAnyTile }, g, threaded);
    }
}

int64_t gemmBlockDepth(int64_t k) {
    return k > 0 ? blockDepth(k) : 1;
}

void sgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
           int64_t ldb, float* c, int64_t ldc, bool accumulate) {
    sgemmUsing(activeGemmIsa(), true, transA, transB, m, n, k, a, lda, b, ldb, c, ldc, accumulate);
}

} // namespace graphlens::ops
