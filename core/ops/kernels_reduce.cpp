// Reductions (Sum, Mean, Prod, Max, Min, All, Any), ArgMax/ArgMin, Cumsum/Cumprod, L2Loss.
#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/ops/kernel_util.h"
#include "core/util/thread_pool.h"

namespace graphlens::ops {

namespace {

constexpr DTypeMask kNative = tensor::kIntTypes | maskOf(DType::Float32, DType::Float64);

// Which dims an axis input reduces; TF's error text for bad axes (its kernels' words, or its
// shape function's when a graph is built).
std::vector<bool> reducedDims(const Tensor& axes, int rank, bool shapeInference = false) {
    std::vector<bool> reduced(static_cast<size_t>(rank), false);
    for (int64_t a : axes.toInt64Vector()) {
        const int c = canonicalAxis(a, rank);
        if (c < 0 && shapeInference)
            invalidArgument("Invalid reduction dimension ", a, " for input with ", rank, " dimensions.");
        if (c < 0) invalidArgument("Invalid reduction dimension (", a, " for input with ", rank, " dimension(s)");
        reduced[static_cast<size_t>(c)] = true;
    }
    return reduced;
}

// Input dims grouped into runs that are all reduced or all kept.
struct Segments {
    std::vector<int64_t> sizes;
    std::vector<bool> reduced;
};
Segments segmentsOf(const TensorShape& s, const std::vector<bool>& reduced) {
    Segments seg;
    for (int i = 0; i < s.rank(); ++i) {
        const bool r = reduced[static_cast<size_t>(i)];
        if (s.dim(i) == 1) continue;
        if (!seg.sizes.empty() && seg.reduced.back() == r) seg.sizes.back() *= s.dim(i);
        else {
            seg.sizes.push_back(s.dim(i));
            seg.reduced.push_back(r);
        }
    }
    return seg;
}

// Float Sum and Mean add in TF 2.21's CPU order, so the last bits match what TF prints. TF
// simplifies the shape to runs of reduced/kept dims and hands Eigen's TensorReduction one of a few
// shapes (reduction_ops_common.h); the orders below were each confirmed against TF's wheel, whose
// Eigen packets are AVX (8 floats, 4 doubles: it is built without AVX2/FMA but with AVX).
template<class T> struct Packet {
    static constexpr int kLanes = 32 / static_cast<int>(sizeof(T));
    T v[kLanes];
    static Packet zero() { return Packet{}; }
    static Packet load(const T* p) {
        Packet r;
        for (int k = 0; k < kLanes; ++k) r.v[k] = p[k];
        return r;
    }
    // Lane-wise adds: each lane is its own chain, so the compiler's vectorising keeps the bits.
    void add(const Packet& o) {
        for (int k = 0; k < kLanes; ++k) v[k] += o.v[k];
    }
    void add(const T* p) {
        for (int k = 0; k < kLanes; ++k) v[k] += p[k];
    }
    // Eigen's predux: the upper half added onto the lower half until one lane is left.
    T sum() const {
        T t[kLanes];
        for (int k = 0; k < kLanes; ++k) t[k] = v[k];
        for (int h = kLanes / 2; h >= 1; h /= 2)
            for (int k = 0; k < h; ++k) t[k] += t[k + h];
        return t[0];
    }
};

// Eigen's InnerMostDimReducer for a contiguous run starting at flat input index `first`: runs over
// 1024 packets are split in halves at a packet-aligned absolute index (so a row's bits depend on
// where it starts); a leaf adds packets into four accumulators, folds them in order, adds the
// packets left over, then a scalar tail summed from zero plus the folded packet's lanes.
template<class T> T innerSum(const T* base, int64_t first, int64_t n) {
    constexpr int64_t P = Packet<T>::kLanes;
    constexpr int64_t kLeaf = 1024;
    if (n > P * kLeaf) {
        const int64_t split = P * ((first + (n + 1) / 2 + P - 1) / P);
        const int64_t left = std::min(split - first, n);
        T acc = T(0) + innerSum(base, first, left);
        if (left < n) acc += innerSum(base, split, n - left);
        return acc;
    }
    const T* p = base + first;
    const int64_t unrolled = n / (4 * P) * (4 * P), vectorised = n / P * P;
    Packet<T> a0 = Packet<T>::zero(), a1 = a0, a2 = a0, a3 = a0;
    for (int64_t j = 0; j < unrolled; j += 4 * P) {
        a0.add(p + j);
        a1.add(p + j + P);
        a2.add(p + j + 2 * P);
        a3.add(p + j + 3 * P);
    }
    a0.add(a1);
    a0.add(a2);
    a0.add(a3);
    for (int64_t j = unrolled; j < vectorised; j += P) a0.add(p + j);
    T tail = T(0);
    for (int64_t j = vectorised; j < n; ++j) tail += p[j];
    return tail + a0.sum();
}

// TF's machine, not ours, decides how a full reduction is cut: Eigen's ThreadPoolDevice gives it
// as many threads as its cost model allows (one per ~100k cycles of work) up to the pool's size,
// cuts the input in that many equal blocks plus a remainder, and adds remainder, then blocks. The
// recordings come from a 2-core machine, where TF's pool has 2 threads.
constexpr int kTfIntraOpThreads = 2;
template<class T> T fullSum(const T* p, int64_t n) {
    // Eigen's cost model as TF's build runs it: 31/64 cycle per byte read (measured: a second
    // thread from 108388 floats and 54194 doubles on).
    const double cost = static_cast<double>(n) * static_cast<double>(sizeof(T)) * 31.0 / 64.0;
    const double wanted = std::min((cost - 100000.0) / 100000.0 + 0.9, 1e9);
    const int threads = std::min(kTfIntraOpThreads, std::max(1, static_cast<int>(wanted)));
    if (threads == 1) return innerSum(p, 0, n);
    const auto block = static_cast<int64_t>(std::floor(static_cast<float>(n) / static_cast<float>(threads)));
    const int64_t blocks = n / block;
    std::vector<T> shard(static_cast<size_t>(blocks));
    util::intraOpPool().parallelFor(blocks, 1, [&](int64_t begin, int64_t end) {
        for (int64_t b = begin; b < end; ++b) shard[static_cast<size_t>(b)] = innerSum(p, b * block, block);
    });
    T total = blocks * block < n ? innerSum(p, blocks * block, n - blocks * block) : T(0);
    for (const T s : shard) total += s;
    return total;
}

// Sequential over the reduced index, from zero (Eigen's coefficient path).
template<class T> T stridedSum(const T* p, int64_t n, int64_t stride) {
    T acc = T(0);
    for (int64_t j = 0; j < n; ++j) acc += p[j * stride];
    return acc;
}

// The middle dim of [outer, r, inner] reduced (outer = 1: the first dim of [r, inner]). Eigen's
// executor walks the outputs in packets; a packet inside one output row reduces its lanes
// together (four accumulators when r >= 16, folded in order, then the rest), a packet that
// crosses a row and the outputs after the last whole packet go one at a time. Whole packets of a
// row are taken a tile at a time so each pass over r reads whole cache lines; lanes stay apart.
constexpr int64_t kTilePackets = 8;
template<class T> void middleSum(const T* x, T* y, int64_t outer, int64_t r, int64_t inner) {
    constexpr int64_t P = Packet<T>::kLanes, kTile = kTilePackets * P;
    auto one = [&](int64_t o) { y[o] = stridedSum(x + (o / inner) * r * inner + o % inner, r, inner); };
    // Lanes [col, col + width) of one row, width a multiple of P.
    auto tile = [&](int64_t row, int64_t col, int64_t width) {
        const T* p = x + row * r * inner + col;
        const int64_t n = width / P;
        Packet<T> acc[4][kTilePackets] = {};
        int64_t j = 0;
        if (r >= 16) {
            for (; j + 4 <= r; j += 4)
                for (int k = 0; k < 4; ++k)
                    for (int64_t m = 0; m < n; ++m) acc[k][m].add(p + (j + k) * inner + m * P);
            for (int k = 1; k < 4; ++k)
                for (int64_t m = 0; m < n; ++m) acc[0][m].add(acc[k][m]);
        }
        for (; j < r; ++j)
            for (int64_t m = 0; m < n; ++m) acc[0][m].add(p + j * inner + m * P);
        for (int64_t m = 0; m < n; ++m) std::copy(acc[0][m].v, acc[0][m].v + P, y + row * inner + col + m * P);
    };
    // The packets lie on the flat output index: in a row they start at col0, the first column
    // whose flat index is a multiple of P, and end at col1.
    auto span = [&](int64_t row) {
        const int64_t col0 = std::min(inner, (row * inner + P - 1) / P * P - row * inner);
        return std::pair{ col0, col0 + (inner - col0) / P * P };
    };
    const int64_t tilesPerRow = (inner + kTile - 1) / kTile;
    util::intraOpPool().parallelFor(outer * tilesPerRow, std::max<int64_t>(1, 4096 / std::max<int64_t>(r, 1)),
                                    [&](int64_t begin, int64_t end) {
                                        for (int64_t t = begin; t < end; ++t) {
                                            const int64_t row = t / tilesPerRow;
                                            const auto [col0, col1] = span(row);
                                            const int64_t col = col0 + t % tilesPerRow * kTile;
                                            if (col < col1) tile(row, col, std::min(kTile, col1 - col));
                                        }
                                    });
    for (int64_t row = 0; row < outer; ++row) {
        const auto [col0, col1] = span(row);
        for (int64_t col = 0; col < col0; ++col) one(row * inner + col);
        for (int64_t col = col1; col < inner; ++col) one(row * inner + col);
    }
}

// y = the sum over the reduced dims of x, in TF's order.
template<class T> void tfSum(const T* x, T* y, const TensorShape& shape, const std::vector<bool>& reduced) {
    const Segments seg = segmentsOf(shape, reduced);
    const auto& d = seg.sizes;
    const auto nd = d.size();
    int64_t kept = 1, total = 1;
    for (size_t i = 0; i < nd; ++i) {
        total *= d[i];
        if (!seg.reduced[i]) kept *= d[i];
    }
    if (kept == total) { // nothing reduced: TF copies
        std::copy(x, x + total, y);
        return;
    }
    if (nd == 1) {
        y[0] = fullSum(x, total);
        return;
    }
    if (nd == 2 && !seg.reduced[0]) {
        util::intraOpPool().parallelFor(d[0], std::max<int64_t>(1, 16384 / d[1]), [&](int64_t begin, int64_t end) {
            for (int64_t o = begin; o < end; ++o) y[o] = innerSum(x, o * d[1], d[1]);
        });
        return;
    }
    if (nd == 2) return middleSum(x, y, 1, d[0], d[1]);
    if (nd == 3 && !seg.reduced[0]) return middleSum(x, y, d[0], d[1], d[2]);
    if (nd == 3) {
        // [r1, k, r2] with r1 and r2 reduced: Eigen's generic reducer loops the last reduced dim
        // outermost, so each output adds column by column.
        for (int64_t k = 0; k < d[1]; ++k) {
            T acc = T(0);
            for (int64_t j2 = 0; j2 < d[2]; ++j2)
                for (int64_t j0 = 0; j0 < d[0]; ++j0) acc += x[(j0 * d[1] + k) * d[2] + j2];
            y[k] = acc;
        }
        return;
    }
    // More runs: TF transposes the kept dims before the reduced ones and reduces the inner dim of
    // [kept, reduced], each row a contiguous run at its own flat offset.
    const int64_t red = total / kept;
    std::vector<T> t(static_cast<size_t>(total));
    std::vector<int64_t> strides(nd);
    int64_t st = 1;
    for (size_t i = nd; i-- > 0;) {
        strides[i] = st;
        st *= d[i];
    }
    std::vector<size_t> order;
    for (size_t i = 0; i < nd; ++i)
        if (!seg.reduced[i]) order.push_back(i);
    for (size_t i = 0; i < nd; ++i)
        if (seg.reduced[i]) order.push_back(i);
    std::vector<int64_t> idx(nd, 0);
    int64_t src = 0;
    for (int64_t k = 0; k < total; ++k) {
        t[static_cast<size_t>(k)] = x[src];
        for (size_t q = nd; q-- > 0;) {
            const size_t dim = order[q];
            src += strides[dim];
            if (++idx[dim] < d[dim]) break;
            src -= strides[dim] * d[dim];
            idx[dim] = 0;
        }
    }
    for (int64_t o = 0; o < kept; ++o) y[o] = innerSum(t.data(), o * red, red);
}

// acc[out] = op(acc[out], in[i]) over the whole input, in input order.
template<class T, class Acc, class Op> void accumulate(const T* in, Acc* acc, const Segments& seg, Op op) {
    const int nd = static_cast<int>(seg.sizes.size());
    if (nd == 0) {
        acc[0] = op(acc[0], in[0]);
        return;
    }
    std::vector<int64_t> outStride(static_cast<size_t>(nd), 0);
    int64_t stride = 1;
    for (int d = nd - 1; d >= 0; --d)
        if (!seg.reduced[static_cast<size_t>(d)]) {
            outStride[static_cast<size_t>(d)] = stride;
            stride *= seg.sizes[static_cast<size_t>(d)];
        }
    const int64_t inner = seg.sizes.back();
    const bool innerReduced = seg.reduced.back();
    int64_t total = 1;
    for (int64_t s : seg.sizes) total *= s;
    std::vector<int64_t> idx(static_cast<size_t>(nd), 0);
    int64_t o = 0;
    for (int64_t i = 0; i < total; i += inner) {
        if (innerReduced) {
            Acc a = acc[o];
            for (int64_t j = 0; j < inner; ++j) a = op(a, in[i + j]);
            acc[o] = a;
        } else {
            for (int64_t j = 0; j < inner; ++j) acc[o + j] = op(acc[o + j], in[i + j]);
        }
        for (int d = nd - 2; d >= 0; --d) {
            const auto u = static_cast<size_t>(d);
            if (++idx[u] < seg.sizes[u]) {
                o += outStride[u];
                break;
            }
            o -= outStride[u] * (seg.sizes[u] - 1);
            idx[u] = 0;
        }
    }
}

enum class Reduce { Sum, Mean, Prod, Max, Min, All, Any };

template<class T> using AccOf = std::conditional_t<std::is_floating_point_v<T>, double, T>;

template<Reduce kind> void reduceKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const std::vector<bool> reduced = reducedDims(c.input(1), x.rank());
    const bool keep = c.attrs().getBool("keep_dims");
    TensorShape out;
    int64_t count = 1;
    for (int i = 0; i < x.rank(); ++i) {
        if (!reduced[static_cast<size_t>(i)]) out.addDim(x.dim(i));
        else {
            count *= x.dim(i);
            if (keep) out.addDim(1);
        }
    }
    auto run = [&](auto tag) {
        using T = decltype(tag);
        using Acc = std::conditional_t<std::is_same_v<T, bool>, bool, AccOf<T>>;
        Acc init{};
        if constexpr (kind == Reduce::Prod || kind == Reduce::All) init = Acc(1);
        if constexpr (kind == Reduce::Max)
            init = std::numeric_limits<T>::has_infinity ? -std::numeric_limits<Acc>::infinity()
                                                        : std::numeric_limits<Acc>::lowest();
        if constexpr (kind == Reduce::Min)
            init = std::numeric_limits<T>::has_infinity ? std::numeric_limits<Acc>::infinity()
                                                        : std::numeric_limits<Acc>::max();
        const auto outCount = static_cast<size_t>(out.numElements());
        if constexpr (std::is_floating_point_v<T> && (kind == Reduce::Sum || kind == Reduce::Mean)) {
            if (x.numElements() > 0) {
                Tensor& y = c.allocateOutput(0, x.dtype(), out);
                T* yp = y.data<T>();
                tfSum(x.data<T>(), yp, x.shape(), reduced);
                // TF's Mean is the sum divided by the count as a T.
                if (kind == Reduce::Mean && count != 1)
                    for (size_t i = 0; i < outCount; ++i) yp[i] /= static_cast<T>(count);
                return;
            }
        }
        std::unique_ptr<Acc[]> acc(new Acc[outCount]);
        std::fill(acc.get(), acc.get() + outCount, init);
        if (x.numElements() > 0) {
            const Segments seg = segmentsOf(x.shape(), reduced);
            accumulate(x.data<T>(), acc.get(), seg, [](Acc a, T v) -> Acc {
                if constexpr (kind == Reduce::Sum || kind == Reduce::Mean)
                    return static_cast<Acc>(a + static_cast<Acc>(v));
                else if constexpr (kind == Reduce::Prod) return static_cast<Acc>(a * static_cast<Acc>(v));
                else if constexpr (kind == Reduce::All) return a && v;
                else if constexpr (kind == Reduce::Any) return a || v;
                else if constexpr (kind == Reduce::Max) {
                    if constexpr (std::is_floating_point_v<T>)
                        if (std::isnan(v) || std::isnan(a)) return std::numeric_limits<Acc>::quiet_NaN();
                    return static_cast<Acc>(v) > a ? static_cast<Acc>(v) : a;
                } else {
                    if constexpr (std::is_floating_point_v<T>)
                        if (std::isnan(v) || std::isnan(a)) return std::numeric_limits<Acc>::quiet_NaN();
                    return static_cast<Acc>(v) < a ? static_cast<Acc>(v) : a;
                }
            });
        }
        Tensor& y = c.allocateOutput(0, x.dtype(), out);
        T* yp = y.data<T>();
        for (size_t i = 0; i < outCount; ++i) {
            if constexpr (kind == Reduce::Mean) {
                if constexpr (std::is_integral_v<T>)
                    yp[i] = count == 0 ? T(0) : static_cast<T>(acc[i] / static_cast<Acc>(count));
                else if constexpr (kIsComplex<T>) yp[i] = acc[i] / T(typename T::value_type(count));
                else yp[i] = static_cast<T>(acc[i] / static_cast<double>(count));
            } else {
                yp[i] = static_cast<T>(acc[i]);
            }
        }
    };
    if constexpr (kind == Reduce::All || kind == Reduce::Any) run(bool{});
    else if constexpr (kind == Reduce::Sum || kind == Reduce::Mean || kind == Reduce::Prod) {
        if (tensor::isComplex(x.dtype())) tensor::visitComplex(x.dtype(), run);
        else tensor::visitNative(x.dtype(), run);
    } else tensor::visitNative(x.dtype(), run);
}

void reduceShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const bool keep = c.attrs().getBool("keep_dims");
    const Tensor* axes = c.inputValue(1);
    if (!x.hasRank()) {
        c.setOutput(0, PartialShape::unknown());
        return;
    }
    if (!axes) {
        c.setOutput(0, keep ? PartialShape::unknownOfRank(x.rank()) : PartialShape::unknown());
        return;
    }
    const std::vector<bool> reduced = reducedDims(*axes, x.rank(), true);
    std::vector<int64_t> out;
    for (int i = 0; i < x.rank(); ++i) {
        if (!reduced[static_cast<size_t>(i)]) out.push_back(x.dim(i));
        else if (keep) out.push_back(1);
    }
    c.setOutput(0, PartialShape(out));
}

template<bool kMax> void argKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const int64_t axisValue = c.input(1).toInt64Vector().at(0);
    const int axis = canonicalAxis(axisValue, x.rank());
    if (axis < 0)
        invalidArgument("Expected dimension in the range [", -x.rank(), ", ", x.rank(), "), but got ", axisValue);
    const int64_t n = x.dim(axis);
    if (n == 0) invalidArgument("Reduction axis ", axisValue, " is empty in shape ", x.shape().str());
    TensorShape out = x.shape();
    out.removeDim(axis);
    int64_t outer = 1, inner = 1;
    for (int i = 0; i < axis; ++i) outer *= x.dim(i);
    for (int i = axis + 1; i < x.rank(); ++i) inner *= x.dim(i);
    const DType outType = c.attrs().getType("output_type");
    Tensor& y = c.allocateOutput(0, outType, out);
    tensor::visitNative(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        const T* xp = x.data<T>();
        for (int64_t o = 0; o < outer; ++o)
            for (int64_t i = 0; i < inner; ++i) {
                int64_t best = 0;
                T bestValue = xp[o * n * inner + i];
                for (int64_t j = 1; j < n; ++j) {
                    const T v = xp[(o * n + j) * inner + i];
                    if (kMax ? v > bestValue : v < bestValue) {
                        bestValue = v;
                        best = j;
                    }
                }
                if (outType == DType::Int32) y.data<int32_t>()[o * inner + i] = static_cast<int32_t>(best);
                else y.data<int64_t>()[o * inner + i] = best;
            }
    });
}

void argShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const Tensor* axis = c.inputValue(1);
    if (!x.hasRank() || !axis) {
        c.setOutput(0, x.hasRank() ? PartialShape::unknownOfRank(std::max(x.rank() - 1, 0)) : PartialShape::unknown());
        return;
    }
    const int a = canonicalAxis(axis->toInt64Vector().at(0), x.rank());
    if (a < 0) invalidArgument("Expected dimension in the range [", -x.rank(), ", ", x.rank(), ")");
    std::vector<int64_t> out = x.dims();
    out.erase(out.begin() + a);
    c.setOutput(0, PartialShape(out));
}

template<bool kProd> void scanKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const int64_t axisValue = c.input(1).toInt64Vector().at(0);
    const int axis = canonicalAxis(axisValue, x.rank());
    if (axis < 0)
        invalidArgument("ScanOp: Expected scan axis in the range [", -x.rank(), ", ", x.rank(), "), but got ",
                        axisValue);
    const bool exclusive = c.attrs().getBool("exclusive"), reverse = c.attrs().getBool("reverse");
    int64_t outer = 1, inner = 1;
    const int64_t n = x.dim(axis);
    for (int i = 0; i < axis; ++i) outer *= x.dim(i);
    for (int i = axis + 1; i < x.rank(); ++i) inner *= x.dim(i);
    tensor::visitNative(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& y = c.allocateOutput(0, x.dtype(), x.shape());
        const T* xp = x.data<T>();
        T* yp = y.data<T>();
        for (int64_t o = 0; o < outer; ++o)
            for (int64_t i = 0; i < inner; ++i) {
                T acc = kProd ? T(1) : T(0);
                for (int64_t s = 0; s < n; ++s) {
                    const int64_t j = reverse ? n - 1 - s : s;
                    const int64_t at = (o * n + j) * inner + i;
                    if (exclusive) {
                        yp[at] = acc;
                        acc = static_cast<T>(kProd ? acc * xp[at] : acc + xp[at]);
                    } else {
                        acc = static_cast<T>(kProd ? acc * xp[at] : acc + xp[at]);
                        yp[at] = acc;
                    }
                }
            }
    });
}

void l2LossKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    tensor::visitFloat(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        double sum = 0;
        for (T v : x.flat<T>()) sum += static_cast<double>(v) * static_cast<double>(v);
        c.setOutput(0, Tensor::scalar<T>(static_cast<T>(sum / 2)));
    });
}

} // namespace

void registerReduceKernels() {
    defineOp("Sum").kernel(reduceKernel<Reduce::Sum>, kNative | tensor::kComplexTypes).viaFloat().shape(reduceShape);
    defineOp("Mean").kernel(reduceKernel<Reduce::Mean>, kNative | tensor::kComplexTypes).viaFloat().shape(reduceShape);
    defineOp("Prod").kernel(reduceKernel<Reduce::Prod>, kNative | tensor::kComplexTypes).viaFloat().shape(reduceShape);
    defineOp("Max").kernel(reduceKernel<Reduce::Max>, kNative).viaFloat().shape(reduceShape);
    defineOp("Min").kernel(reduceKernel<Reduce::Min>, kNative).viaFloat().shape(reduceShape);
    defineOp("All").kernel(reduceKernel<Reduce::All>, tensor::kAllTypes, "").shape(reduceShape).notDifferentiable();
    defineOp("Any").kernel(reduceKernel<Reduce::Any>, tensor::kAllTypes, "").shape(reduceShape).notDifferentiable();
    defineOp("ArgMax").kernel(argKernel<true>, kNative).viaFloat().shape(argShape).notDifferentiable();
    defineOp("ArgMin").kernel(argKernel<false>, kNative).viaFloat().shape(argShape).notDifferentiable();
    defineOp("Cumsum").kernel(scanKernel<false>, kNative).viaFloat().shape(shapeUnchanged);
    defineOp("Cumprod").kernel(scanKernel<true>, kNative).viaFloat().shape(shapeUnchanged);
    defineOp("L2Loss").kernel(l2LossKernel, maskOf(DType::Float32, DType::Float64)).viaFloat().shape(shapeScalar);
}

} // namespace graphlens::ops
