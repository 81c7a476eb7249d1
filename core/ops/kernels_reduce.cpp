// Reductions (Sum, Mean, Prod, Max, Min, All, Any), ArgMax/ArgMin, Cumsum/Cumprod, L2Loss.
#include <cmath>
#include <limits>
#include <memory>
#include <type_traits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

// A float run summed in double with eight independent partial sums: one chain of dependent adds
// would bound the loop by the add's latency (a 2M-element sum took 3 ms); in double the changed
// order does not show at float precision.
template<class T> double splitSum(double start, const T* p, int64_t n) {
    double part[8] = {};
    int64_t j = 0;
#if defined(__SSE2__)
    // The same eight partial sums, two per register: the compiler does not vectorise the
    // widening adds at -O2.
    if constexpr (std::is_same_v<T, float>) {
        __m128d lanes[4] = { _mm_setzero_pd(), _mm_setzero_pd(), _mm_setzero_pd(), _mm_setzero_pd() };
        for (; j + 8 <= n; j += 8) {
            const __m128 low = _mm_loadu_ps(p + j), high = _mm_loadu_ps(p + j + 4);
            lanes[0] = _mm_add_pd(lanes[0], _mm_cvtps_pd(low));
            lanes[1] = _mm_add_pd(lanes[1], _mm_cvtps_pd(_mm_movehl_ps(low, low)));
            lanes[2] = _mm_add_pd(lanes[2], _mm_cvtps_pd(high));
            lanes[3] = _mm_add_pd(lanes[3], _mm_cvtps_pd(_mm_movehl_ps(high, high)));
        }
        for (int k = 0; k < 4; ++k) _mm_storeu_pd(part + 2 * k, lanes[k]);
    }
#endif
    for (; j + 8 <= n; j += 8)
        for (int k = 0; k < 8; ++k) part[k] += static_cast<double>(p[j + k]);
    for (; j < n; ++j) part[0] += static_cast<double>(p[j]);
    return start + (((part[0] + part[1]) + (part[2] + part[3])) + ((part[4] + part[5]) + (part[6] + part[7])));
}

// A long run is summed in fixed blocks on the intra-op pool, the block sums then added in order:
// the blocks depend only on the length, so the bits do not depend on the thread count.
template<class T> double blockedSum(double start, const T* p, int64_t n) {
    constexpr int64_t kBlock = int64_t{ 1 } << 16;
    if (n < 4 * kBlock) return splitSum(start, p, n);
    std::vector<double> blockSums(static_cast<size_t>((n + kBlock - 1) / kBlock));
    util::intraOpPool().parallelFor(static_cast<int64_t>(blockSums.size()), 1, [&](int64_t begin, int64_t end) {
        for (int64_t b = begin; b < end; ++b)
            blockSums[static_cast<size_t>(b)] = splitSum(0.0, p + b * kBlock, std::min(kBlock, n - b * kBlock));
    });
    double total = start;
    for (const double s : blockSums) total += s;
    return total;
}

// acc[out] = op(acc[out], in[i]) over the whole input, in input order (kFloatSum: runs along the
// last dimension through splitSum).
template<bool kFloatSum, class T, class Acc, class Op>
void accumulate(const T* in, Acc* acc, const Segments& seg, Op op) {
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
            if constexpr (kFloatSum) {
                acc[o] = blockedSum(acc[o], in + i, inner);
            } else {
                Acc a = acc[o];
                for (int64_t j = 0; j < inner; ++j) a = op(a, in[i + j]);
                acc[o] = a;
            }
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
        std::unique_ptr<Acc[]> acc(new Acc[outCount]);
        std::fill(acc.get(), acc.get() + outCount, init);
        if (x.numElements() > 0) {
            const Segments seg = segmentsOf(x.shape(), reduced);
            constexpr bool kFloatSum = std::is_floating_point_v<T> && (kind == Reduce::Sum || kind == Reduce::Mean);
            accumulate<kFloatSum>(x.data<T>(), acc.get(), seg, [](Acc a, T v) -> Acc {
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
                else yp[i] = static_cast<T>(acc[i] / static_cast<double>(count));
            } else {
                yp[i] = static_cast<T>(acc[i]);
            }
        }
    };
    if constexpr (kind == Reduce::All || kind == Reduce::Any) run(bool{});
    else tensor::visitNative(x.dtype(), run);
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
    defineOp("Sum").kernel(reduceKernel<Reduce::Sum>, kNative).viaFloat().shape(reduceShape);
    defineOp("Mean").kernel(reduceKernel<Reduce::Mean>, kNative).viaFloat().shape(reduceShape);
    defineOp("Prod").kernel(reduceKernel<Reduce::Prod>, kNative).viaFloat().shape(reduceShape);
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
