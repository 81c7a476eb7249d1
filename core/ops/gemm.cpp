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
#include <memory>
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
    bool accumulate = false;       // add the block's sums to C (the product's first block: g.accumulate)
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
    const bool accumulate = plan.accumulate;
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

using DepthBlocks = std::vector<std::pair<int64_t, int64_t>>; // (p0, kc), each kc <= kBlockK

DepthBlocks uniformBlocks(int64_t k) {
    DepthBlocks out;
    const int64_t kc = blockDepth(k);
    for (int64_t p0 = 0; p0 < k; p0 += kc) out.emplace_back(p0, std::min(kc, k - p0));
    return out;
}

// C (+)= the sums over `blocks`, each block summed from zero and added to C in order.
void blockedGemm(const MicroKernel& kern, const Product& g, bool threaded, const DepthBlocks& blocks) {
    const int mr = kern.mr, nr = kern.nr;
    int64_t kcMax = 1;
    for (const auto& [p0, kc] : blocks) kcMax = std::max(kcMax, kc);
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
        for (size_t blk = 0; blk < blocks.size(); ++blk) {
            // One block of depth is a fraction of a second even of a giant product: Stop and time
            // limits hold inside the product (the pool checks again before each of its tasks).
            util::checkInterrupt();
            plan.p0 = blocks[blk].first;
            plan.kc = blocks[blk].second;
            plan.accumulate = g.accumulate || blk > 0;
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

// ---- TF 2.21's split of k (MatMul on the CPU, TF_ENABLE_ONEDNN_OPTS=0) ----
// TF's MatMul is Eigen's TensorContraction on the intra-op ThreadPoolDevice with TF's custom
// kernel (oneDNN's single-threaded sgemm on Eigen's blocks). Three layers split k, each block
// summed from zero and added to what came before, so the bits depend on the split:
//  1. Eigen picks one of three strategies by its cost model: sequential, sharded by rows/columns
//     (output blocks on the pool), or sharded by the inner dimension (one partial buffer per
//     thread over [t·bs, (t+1)·bs), added in a tree at the end).
//  2. Eigen's blocking gives kc (computeProductBlockingSizes: L1-based, at most 320 when
//     threaded), which TF's TensorContractionBlocking turns into equal slices rounded up to 8.
//  3. oneDNN's sgemm splits a block deeper than 384 in halves (in 384s from 768 on).
// Eigen sees TF's row-major product swapped (its m is TF's n). The constants are those of the
// machine the oracle ran on (2 cores, AMD EPYC, L1d 48 KiB, L2 1 MiB, L3 32 MiB; TF's wheel's Eigen
// is built for AVX without FMA: gebp mr 16, nr 4, packets of 8): TF's own split follows the
// machine, ours stays that machine's whatever runs it. Checked against TF on 648 shapes, m and n
// from 2 to 256, k from 100 to 2048, all transposes (tests/oracle/record_matmul_ksplit.py).
// Matrix-vector products (m or n 1) take oneDNN's gemv, whose order this does not model.
namespace tf_split {

constexpr int kTfThreads = 2;
constexpr int64_t kL1 = 48 * 1024, kL2 = 1024 * 1024, kL3 = 32 * 1024 * 1024;
constexpr int64_t kMr = 16, kNr = 4, kPacket = 8;
constexpr int64_t kKDiv = (kMr + kNr) * 4, kKSub = kMr * kNr * 4; // gebp's L1 panel bytes per k, C tile
constexpr double kByteCycles = 11.0 / 64;                         // TensorCostModel's load/store cost

int64_t divup(int64_t a, int64_t b) {
    return (a + b - 1) / b;
}

// Eigen's kc for one thread: the L1 bound, lowered so the last block is as deep as the others.
int64_t sequentialKc(int64_t k) {
    const int64_t maxKc = std::max<int64_t>(((kL1 - kKSub) / kKDiv) & ~int64_t{ 7 }, 1);
    if (k <= maxKc) return k;
    return k % maxKc == 0 ? maxKc : maxKc - 8 * ((maxKc - 1 - k % maxKc) / (8 * (k / maxKc + 1)));
}

// TF's refinement: divup(k, kc) slices of k / slices rounded up to a multiple of 8.
int64_t tfKc(int64_t k, int64_t kc) {
    const int64_t slices = std::max<int64_t>(1, divup(k, kc));
    return std::min(k, divup(k / slices, 8) * 8);
}

struct Blocking {
    int64_t mc, nc, kc;
};

// Eigen's blocking for `threads` > 1 (rows and columns swapped when sharding by rows), refined by TF.
Blocking threadedBlocking(int64_t k, int64_t m, int64_t n, int64_t threads, bool byCol) {
    int64_t kc = k, mm = byCol ? m : n, nn = byCol ? n : m;
    const int64_t kCache = std::max<int64_t>(8, std::min<int64_t>((kL1 - kKSub) / kKDiv, 320));
    if (kCache < kc) kc = kCache - kCache % 8;
    const int64_t nCache = (kL2 - kL1) / (kNr * 4 * kc), nPerThread = divup(nn, threads);
    if (nCache <= nPerThread) nn = nCache - nCache % kNr;
    else nn = std::min(nn, nPerThread + kNr - 1 - (nPerThread + kNr - 1) % kNr);
    const int64_t mCache = (kL3 - kL2) / (4 * kc * threads), mPerThread = divup(mm, threads);
    if (mCache < mPerThread && mCache >= kMr) mm = mCache - mCache % kMr;
    else mm = std::min(mm, mPerThread + kMr - 1 - (mPerThread + kMr - 1) % kMr);
    if (!byCol) std::swap(mm, nn);
    return { std::min(m, divup(static_cast<int64_t>(static_cast<float>(mm) * 1.5f), 48) * 48),
             std::min(n, divup(nn, 24) * 24), tfKc(k, kc) };
}

double computeBandwidth(bool byCol, int64_t bm, int64_t bn, int64_t bk) {
    if (bk == 1) return 4.0;
    const bool thin = byCol ? (bn < kNr || bm < kMr) : (bm < kNr || bn < kMr);
    return thin ? 2.0 : 1.0; // 0.5 per FMA, 1.0 without FMA (TF's build)
}

bool shardByCol(int64_t m, int64_t n, int64_t t) {
    if (m / t >= kNr && (n / t < kNr || (n / t < 4 * kNr && n % (t * kNr) != 0 && (m % (t * kNr) == 0 || m / n >= 6))))
        return false;
    return !(n / t < 16 * kNr && m > n * 32);
}

// TensorCostModel::numThreads for the contraction, with the 2-thread first blocking.
int64_t costThreads(int64_t m, int64_t n, int64_t k, int64_t maxThreads) {
    const bool byCol = shardByCol(m, n, 2);
    const Blocking b = threadedBlocking(k, m, n, 2, byCol);
    const double kd = static_cast<double>(b.kc);
    const double lhs = byCol ? 0.0 : 4.0 * kd / static_cast<double>(n);
    const double rhs = byCol ? 4.0 * kd / static_cast<double>(m) : 0.0;
    const double perCoeff = kd * computeBandwidth(false, b.mc, b.nc, b.kc) / kPacket + (4.0 + lhs + rhs) * kByteCycles;
    const double threads = (static_cast<double>(n) * static_cast<double>(m) * perCoeff - 100000) / 100000 + 0.9;
    return std::min<int64_t>(maxThreads, std::max<int64_t>(1, static_cast<int64_t>(threads)));
}

int64_t innerDimThreads(int64_t m, int64_t n, int64_t k, int64_t maxThreads) {
    const double md = static_cast<double>(m), nd = static_cast<double>(n);
    const double perK = computeBandwidth(true, m, n, k) * md * nd / kPacket + (4.0 + 4.0 * nd) * kByteCycles;
    const double total = static_cast<double>(k) * perK;
    const double reduction = md * nd * (3 * kByteCycles + 1.0 / kPacket);
    int64_t best = 1;
    double bestCost = total;
    for (int64_t t = 2; t <= maxThreads; t += 2) {
        const double cost = total / static_cast<double>(t) + 100000 + static_cast<double>(t) * (reduction + 3000);
        if (cost < bestCost) best = t, bestCost = cost;
    }
    return best;
}

bool shardByInnerDim(int64_t m, int64_t n, int64_t k, int64_t threads, int64_t threadsByK) {
    if (n == 1 || threadsByK < 2 || threadsByK < threads || m * n * 4 > kL3 / threadsByK || k / threadsByK < 2 * kNr)
        return false;
    return std::max(m, n) / threads < kNr ||
        (k / threadsByK > 8 * kNr && (std::min(m, n) < 2 * kNr || threadsByK > threads));
}

// Eigen's kc-deep blocks of [k0, k1), each split as oneDNN's sgemm splits it.
void addBlocks(DepthBlocks& out, int64_t k0, int64_t k1, int64_t kc) {
    for (int64_t s = k0; s < k1; s += kc) {
        for (int64_t p = s, end = std::min(k1, s + kc); p < end;) {
            int64_t z = end - p;
            if (z >= 2 * 384) z = 384;
            else if (z > 384) z = (z + 1) / 2;
            out.emplace_back(p, z);
            p += z;
        }
    }
}

// Eigen's evalGemmPartial over [k0, k1) with blocking for `threads`.
void addPartial(DepthBlocks& out, int64_t k0, int64_t k1, int64_t m, int64_t n, int64_t threads) {
    const int64_t depth = k1 - k0;
    addBlocks(out, k0, k1,
              threads == 1 ? tfKc(depth, sequentialKc(depth)) : threadedBlocking(depth, m, n, threads, true).kc);
}

GemmDepthPlan plan(int64_t tfM, int64_t tfN, int64_t k, int64_t maxThreads) {
    const int64_t m = tfN, n = tfM; // Eigen's view of the row-major product
    GemmDepthPlan out;
    const int64_t threads = costThreads(m, n, k, maxThreads), threadsByK = innerDimThreads(m, n, k, maxThreads);
    if (shardByInnerDim(m, n, k, threads, threadsByK)) {
        const int64_t size = std::min(k, std::max(12 * kPacket, divup(divup(k, threadsByK), 8) * 8));
        const int64_t count = divup(k, size);
        for (int64_t i = 0; i < count; ++i) {
            addPartial(out.blocks, i * size, std::min(k, (i + 1) * size), m, n, count);
            out.groupEnd.push_back(out.blocks.size());
        }
        return out;
    }
    if (n == 1 || threads == 1) addPartial(out.blocks, 0, k, m, n, 1);
    else addBlocks(out.blocks, 0, k, threadedBlocking(k, m, n, threads, shardByCol(m, n, threads)).kc);
    out.groupEnd.push_back(out.blocks.size());
    return out;
}

} // namespace tf_split

// dst[i·ldd + j] += src[i·n + j] (+ more): Eigen's addToBuffer / addAllToBuffer, dst + s0 or
// (dst + s0) + (s1 + s2).
void addInto(float* dst, int64_t ldd, int64_t m, int64_t n, const float* s0, const float* s1, const float* s2) {
    for (int64_t i = 0; i < m; ++i) {
        float* d = dst + i * ldd;
        const float *a = s0 + i * n, *b = s1 ? s1 + i * n : nullptr, *c = s2 ? s2 + i * n : nullptr;
        if (b)
            for (int64_t j = 0; j < n; ++j) d[j] = (d[j] + a[j]) + (b[j] + c[j]);
        else
            for (int64_t j = 0; j < n; ++j) d[j] += a[j];
    }
}

void plannedGemm(const MicroKernel& kern, const Product& g, bool threaded, const GemmDepthPlan& plan) {
    const size_t groups = plan.groupEnd.size();
    auto groupBlocks = [&](size_t i) {
        const size_t begin = i == 0 ? 0 : plan.groupEnd[i - 1];
        return DepthBlocks(plan.blocks.begin() + static_cast<std::ptrdiff_t>(begin),
                           plan.blocks.begin() + static_cast<std::ptrdiff_t>(plan.groupEnd[i]));
    };
    blockedGemm(kern, g, threaded, groupBlocks(0));
    if (groups == 1) return;
    // Eigen's inner-dimension sharding: group 0 is the result buffer, the others partial buffers.
    const int64_t mn = g.m * g.n;
    const auto partial = std::make_unique_for_overwrite<float[]>(static_cast<size_t>(mn) * (groups - 1));
    auto buf = [&](size_t i) { return partial.get() + static_cast<int64_t>(i - 1) * mn; };
    for (size_t i = 1; i < groups; ++i) {
        Product p = g;
        p.c = buf(i), p.ldc = g.n, p.accumulate = false;
        blockedGemm(kern, p, threaded, groupBlocks(i));
    }
    // Ranges of 4 buffers are first added into their first ((b0 + b1) + (b2 + b3), or one by one
    // when the last range is short), then the ranges' firsts into buffer 0, three at a time.
    constexpr size_t kL0 = 4;
    const size_t ranges = (groups + kL0 - 1) / kL0;
    for (size_t r = 0; r < ranges; ++r) {
        const size_t first = r * kL0, size = std::min(kL0, groups - first);
        const int64_t ld = first == 0 ? g.ldc : g.n;
        float* dst = first == 0 ? g.c : buf(first);
        if (size == kL0) addInto(dst, ld, g.m, g.n, buf(first + 1), buf(first + 2), buf(first + 3));
        else
            for (size_t i = 1; i < size; ++i) addInto(dst, ld, g.m, g.n, buf(first + i), nullptr, nullptr);
    }
    size_t r = 1;
    for (; r + 2 < ranges; r += 3) addInto(g.c, g.ldc, g.m, g.n, buf(r * kL0), buf((r + 1) * kL0), buf((r + 2) * kL0));
    for (; r < ranges; ++r) addInto(g.c, g.ldc, g.m, g.n, buf(r * kL0), nullptr, nullptr);
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
        return blockedGemm(gemm_detail::avx512MicroKernel(), g, threaded, uniformBlocks(k));
    case GemmIsa::Avx2:
        return blockedGemm(gemm_detail::avx2MicroKernel(), g, threaded, uniformBlocks(k));
    default:
        return blockedGemm(MicroKernel{ kGenericRows, kGenericCols, &genericAnyTile }, g, threaded, uniformBlocks(k));
    }
}

GemmDepthPlan tfMatMulDepthPlan(int64_t m, int64_t n, int64_t k, int tfThreads) {
    if (tfThreads == kOnednnMatMul) {
        // TF_ENABLE_ONEDNN_OPTS on: TF's _MklMatMul runs oneDNN's sgemm on the whole product, so
        // only oneDNN's own split of k applies (measured: 493 of 496 shapes with m, n > 1).
        GemmDepthPlan out;
        tf_split::addBlocks(out.blocks, 0, k, k);
        out.groupEnd.push_back(out.blocks.size());
        return out;
    }
    return tf_split::plan(m, n, k, tfThreads > 0 ? tfThreads : tf_split::kTfThreads);
}

void sgemmTfMatMulUsing(GemmIsa isa, bool threaded, bool transA, bool transB, int64_t m, int64_t n, int64_t k,
                        const float* a, int64_t lda, const float* b, int64_t ldb, float* c, int64_t ldc,
                        int tfThreads) {
    if (m <= 0 || n <= 0 || k <= 0 || isa == GemmIsa::Eigen)
        return sgemmUsing(isa, threaded, transA, transB, m, n, k, a, lda, b, ldb, c, ldc);
    const Product g{ transA, transB, m, n, k, a, lda, b, ldb, c, ldc, false };
    const GemmDepthPlan plan = tfMatMulDepthPlan(m, n, k, tfThreads);
    switch (isa) {
    case GemmIsa::Avx512:
        return plannedGemm(gemm_detail::avx512MicroKernel(), g, threaded, plan);
    case GemmIsa::Avx2:
        return plannedGemm(gemm_detail::avx2MicroKernel(), g, threaded, plan);
    default:
        return plannedGemm(MicroKernel{ kGenericRows, kGenericCols, &genericAnyTile }, g, threaded, plan);
    }
}

void sgemmTfMatMul(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda,
                   const float* b, int64_t ldb, float* c, int64_t ldc, int tfThreads) {
    sgemmTfMatMulUsing(activeGemmIsa(), true, transA, transB, m, n, k, a, lda, b, ldb, c, ldc, tfThreads);
}

int64_t gemmBlockDepth(int64_t k) {
    return k > 0 ? blockDepth(k) : 1;
}

void sgemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const float* a, int64_t lda, const float* b,
           int64_t ldb, float* c, int64_t ldc, bool accumulate) {
    sgemmUsing(activeGemmIsa(), true, transA, transB, m, n, k, a, lda, b, ldb, c, ldc, accumulate);
}

} // namespace graphlens::ops
