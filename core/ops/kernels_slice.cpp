// Ops that move elements without arithmetic: Transpose, ConcatV2, Pack, Unpack, Split, SplitV,
// Slice, StridedSlice, StridedSliceGrad. All are dtype-agnostic (bytes, or strings by copy).
#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

template<class E, bool kScatter>
void stridedLoop(E* contiguous, E* strided, int64_t base, const std::vector<int64_t>& strides,
                 const TensorShape& shape) {
    const int nd = shape.rank();
    const int64_t total = shape.numElements();
    if (total == 0) return;
    if (nd == 0) {
        if constexpr (kScatter) strided[base] = contiguous[0];
        else contiguous[0] = strided[base];
        return;
    }
    const int64_t inner = shape.dim(nd - 1), is = strides[static_cast<size_t>(nd - 1)];
    std::vector<int64_t> idx(static_cast<size_t>(nd), 0);
    int64_t off = base;
    for (int64_t o = 0; o < total; o += inner) {
        for (int64_t i = 0; i < inner; ++i) {
            if constexpr (kScatter) strided[off + i * is] = contiguous[o + i];
            else contiguous[o + i] = strided[off + i * is];
        }
        for (int d = nd - 2; d >= 0; --d) {
            const auto u = static_cast<size_t>(d);
            if (++idx[u] < shape.dim(d)) {
                off += strides[u];
                break;
            }
            off -= strides[u] * (shape.dim(d) - 1);
            idx[u] = 0;
        }
    }
}

struct Bytes16 {
    uint64_t lo, hi;
};

template<bool kScatter>
void stridedDispatch(const Tensor& a, const Tensor& b, int64_t base, const std::vector<int64_t>& strides,
                     const TensorShape& shape) {
    // a: the contiguous side, b: the strided side.
    auto run = [&](auto tag) {
        using E = decltype(tag);
        stridedLoop<E, kScatter>(static_cast<E*>(a.rawData()), static_cast<E*>(b.rawData()), base, strides, shape);
    };
    if (a.dtype() == DType::String) return run(std::string{});
    switch (tensor::dtypeSize(a.dtype())) {
    case 1:
        return run(uint8_t{});
    case 2:
        return run(uint16_t{});
    case 4:
        return run(uint32_t{});
    case 8:
        return run(uint64_t{});
    default: // complex128
        return run(Bytes16{});
    }
}

} // namespace

Tensor stridedGather(const Tensor& src, int64_t base, const std::vector<int64_t>& srcStrides,
                     const TensorShape& outShape, Allocator* allocator) {
    Tensor out(src.dtype(), outShape, allocator);
    stridedDispatch<false>(out, src, base, srcStrides, outShape);
    return out;
}

void stridedScatter(const Tensor& src, Tensor& dst, int64_t base, const std::vector<int64_t>& dstStrides) {
    stridedDispatch<true>(src, dst, base, dstStrides, src.shape());
}

namespace {

void transposeKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const auto perm = c.input(1).toInt64Vector();
    if (static_cast<int>(perm.size()) != x.rank())
        invalidArgument("transpose expects a vector of size ", x.rank(), ". But input(1) is a vector of size ",
                        perm.size());
    std::vector<bool> seen(perm.size(), false);
    for (int64_t p : perm) {
        if (p < 0 || p >= x.rank()) invalidArgument(p, " is out of range [0 .. ", x.rank(), ")");
        seen[static_cast<size_t>(p)] = true;
    }
    for (size_t i = 0; i < perm.size(); ++i)
        if (!seen[i]) {
            std::string list;
            for (int64_t p : perm) list += (list.empty() ? "" : ",") + std::to_string(p);
            invalidArgument(i, " is missing from {", list, "}.");
        }
    const auto in = stridesOf(x.shape());
    TensorShape out;
    std::vector<int64_t> strides;
    for (int64_t p : perm) {
        out.addDim(x.dim(static_cast<int>(p)));
        strides.push_back(in[static_cast<size_t>(p)]);
    }
    c.setOutput(0, stridedGather(x, 0, strides, out, c.device()->allocator()));
}
void transposeShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const PartialShape& permShape = c.inputShape(1);
    if (permShape.hasRank() && permShape.rank() != 1)
        invalidArgument("Shape must be rank 1 but is rank ", permShape.rank());
    if (x.hasRank() && permShape.hasRank() && permShape.dim(0) >= 0 && permShape.dim(0) != x.rank())
        invalidArgument("Dimension must be ", x.rank(), " but is ", permShape.dim(0));
    const Tensor* perm = c.inputValue(1);
    if (!x.hasRank() || !perm)
        return c.setOutput(0, x.hasRank() ? PartialShape::unknownOfRank(x.rank()) : PartialShape::unknown());
    std::vector<int64_t> out;
    for (int64_t p : perm->toInt64Vector()) {
        if (p < 0 || p >= x.rank()) invalidArgument("perm dim ", p, " is out of range of input rank ", x.rank());
        out.push_back(x.dim(static_cast<int>(p)));
    }
    c.setOutput(0, PartialShape(out));
}

// Copies inputs side by side along `axis` into out: the core of Concat and Pack.
void concatInto(std::span<const Tensor> parts, int axis, Tensor& out) {
    int64_t outer = 1;
    for (int i = 0; i < axis; ++i) outer *= out.dim(i);
    const int64_t rowOut = outer == 0 ? 0 : out.numElements() / outer;
    int64_t offset = 0;
    for (const auto& p : parts) {
        const int64_t row = outer == 0 ? 0 : p.numElements() / outer;
        for (int64_t o = 0; o < outer; ++o) copyElements(p, o * row, out, o * rowOut + offset, row);
        offset += row;
    }
}

void concatKernel(KernelContext& c) {
    const int n = c.numInputs() - 1;
    std::span<const Tensor> values = c.inputs().first(static_cast<size_t>(n));
    const Tensor& first = values[0];
    const int64_t axisValue = c.input(n).toInt64Vector().at(0);
    const int rank = first.rank();
    const int axis = canonicalAxis(axisValue, rank);
    if (axis < 0)
        invalidArgument("ConcatOp : Expected concatenating dimensions in the range [", -rank, ", ", rank, "), but got ",
                        axisValue);
    TensorShape out = first.shape();
    int64_t total = 0;
    for (int i = 0; i < n; ++i) {
        const Tensor& v = values[static_cast<size_t>(i)];
        if (v.rank() != rank)
            invalidArgument("ConcatOp : Ranks of all input tensors should match: shape[0] = ", first.shape().str(),
                            " vs. shape[", i, "] = ", v.shape().str());
        for (int d = 0; d < rank; ++d)
            if (d != axis && v.dim(d) != first.dim(d))
                invalidArgument("ConcatOp : Dimension ", d,
                                " in both shapes must be equal: shape[0] = ", first.shape().str(), " vs. shape[", i,
                                "] = ", v.shape().str());
        total += v.dim(axis);
    }
    out.setDim(axis, total);
    if (n == 1) return c.setOutput(0, first);
    concatInto(values, axis, c.allocateOutput(0, first.dtype(), out));
}
void concatShape(ShapeContext& c) {
    const int n = c.numInputs() - 1;
    const Tensor* axisT = c.inputValue(n);
    int rank = -1;
    for (int i = 0; i < n; ++i)
        if (c.inputShape(i).hasRank()) rank = c.inputShape(i).rank();
    if (rank < 0) return c.setOutput(0, PartialShape::unknown());
    if (!axisT) return c.setOutput(0, PartialShape::unknownOfRank(rank));
    const int64_t axisValue = axisT->toInt64Vector().at(0);
    const int64_t minRank = axisValue < 0 ? -axisValue : axisValue + 1;
    for (int i = n - 1; i >= 0; --i)
        if (c.inputShape(i).hasRank() && c.inputShape(i).rank() < minRank)
            invalidArgument("Shape must be at least rank ", minRank, " but is rank ", c.inputShape(i).rank());
    const int axis = canonicalAxis(axisValue, rank);
    auto part = [&](const PartialShape& s, bool before) {
        if (!s.hasRank()) return PartialShape::unknown();
        std::vector<int64_t> dims = s.dims();
        return before ? PartialShape(std::vector<int64_t>(dims.begin(), dims.begin() + axis))
                      : PartialShape(std::vector<int64_t>(dims.begin() + axis + 1, dims.end()));
    };
    PartialShape before = part(c.inputShape(n - 1), true), after = part(c.inputShape(n - 1), false);
    for (int i = n - 2; i >= 0; --i) {
        before = mergeShapes(part(c.inputShape(i), true), before);
        after = mergeShapes(part(c.inputShape(i), false), after);
    }
    // The merged dims around the axis, and the sum along it.
    int64_t total = 0;
    for (int i = 0; i < n && total >= 0; ++i) {
        const PartialShape& s = c.inputShape(i);
        total = !s.hasRank() || s.dim(axis) < 0 ? -1 : total + s.dim(axis);
    }
    std::vector<int64_t> out = before.dims();
    out.push_back(total);
    out.insert(out.end(), after.dims().begin(), after.dims().end());
    c.setOutput(0, PartialShape(out));
}

void packKernel(KernelContext& c) {
    const Tensor& first = c.input(0);
    const int64_t axisValue = c.attrs().getInt("axis");
    const int axis = canonicalAxis(axisValue, first.rank() + 1);
    if (axis < 0) invalidArgument("axis = ", axisValue, " not in [", -first.rank() - 1, ", ", first.rank() + 1, ")");
    for (int i = 1; i < c.numInputs(); ++i)
        if (c.input(i).shape() != first.shape())
            invalidArgument("Shapes of all inputs must match: values[0].shape = ", first.shape().str(), " != values[",
                            i, "].shape = ", c.input(i).shape().str());
    TensorShape out = first.shape();
    out.insertDim(axis, c.numInputs());
    Tensor& o = c.allocateOutput(0, first.dtype(), out);
    std::vector<Tensor> parts;
    TensorShape partShape = first.shape();
    partShape.insertDim(axis, 1);
    for (const auto& t : c.inputs()) parts.push_back(t.reshaped(partShape));
    concatInto(parts, axis, o);
}
void packShape(ShapeContext& c) {
    PartialShape s = c.inputShape(c.numInputs() - 1);
    for (int i = c.numInputs() - 2; i >= 0; --i) {
        try {
            s = mergeShapes(c.inputShape(i), s);
        } catch (const tensor::OpError& e) {
            invalidArgument(e.message(), "\n\tFrom merging shape ", i, " with other shapes.");
        }
    }
    if (!s.hasRank()) return c.setOutput(0, PartialShape::unknown());
    const int axis = canonicalAxis(c.attrs().getInt("axis"), s.rank() + 1);
    if (axis < 0) invalidArgument("Invalid axis: ", c.attrs().getInt("axis"));
    std::vector<int64_t> dims = s.dims();
    dims.insert(dims.begin() + axis, c.numInputs());
    c.setOutput(0, PartialShape(dims));
}

// Splits x along axis into pieces of the given sizes (outputs 0..n-1).
void splitInto(KernelContext& c, const Tensor& x, int axis, const std::vector<int64_t>& sizes) {
    const auto strides = stridesOf(x.shape());
    int64_t start = 0;
    for (size_t i = 0; i < sizes.size(); ++i) {
        TensorShape s = x.shape();
        s.setDim(axis, sizes[i]);
        if (sizes.size() == 1) c.setOutput(0, x);
        else
            c.setOutput(
                static_cast<int>(i),
                stridedGather(x, start * strides[static_cast<size_t>(axis)], strides, s, c.device()->allocator()));
        start += sizes[i];
    }
}

void unpackKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const int64_t num = c.attrs().getInt("num");
    const int64_t axisValue = c.attrs().getInt("axis");
    const int axis = canonicalAxis(axisValue, x.rank());
    if (axis < 0) invalidArgument("axis = ", axisValue, " not in [", -x.rank(), ", ", x.rank(), ")");
    if (x.dim(axis) != num)
        invalidArgument("Input shape axis ", axis, " must equal ", num, ", got shape ", x.shape().str());
    TensorShape piece = x.shape();
    piece.removeDim(axis);
    const auto strides = stridesOf(x.shape());
    std::vector<int64_t> pieceStrides = strides;
    pieceStrides.erase(pieceStrides.begin() + axis);
    for (int64_t i = 0; i < num; ++i)
        c.setOutput(
            static_cast<int>(i),
            stridedGather(x, i * strides[static_cast<size_t>(axis)], pieceStrides, piece, c.device()->allocator()));
}
void unpackShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const int64_t num = c.attrs().getInt("num");
    PartialShape piece = PartialShape::unknown();
    if (x.hasRank()) {
        const int axis = canonicalAxis(c.attrs().getInt("axis"), x.rank());
        if (axis < 0) invalidArgument("Invalid axis: ", c.attrs().getInt("axis"));
        std::vector<int64_t> dims = x.dims();
        dims.erase(dims.begin() + axis);
        piece = PartialShape(dims);
    }
    for (int64_t i = 0; i < num; ++i) c.setOutput(static_cast<int>(i), piece);
}

void splitKernel(KernelContext& c) {
    const Tensor& x = c.input(1);
    const int64_t num = c.attrs().getInt("num_split");
    const int64_t axisValue = c.input(0).toInt64Vector().at(0);
    const int axis = canonicalAxis(axisValue, x.rank());
    if (axis < 0)
        invalidArgument("-input rank(-", x.rank(), ") <= split_dim < input rank (", x.rank(), "), but got ", axisValue);
    if (num <= 0 || x.dim(axis) % num != 0)
        invalidArgument("Number of ways to split should evenly divide the split dimension, but got split_dim ", axis,
                        " (size = ", x.dim(axis), ") and num_split ", num);
    splitInto(c, x, axis, std::vector<int64_t>(static_cast<size_t>(num), x.dim(axis) / num));
}
void splitShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(1);
    const int64_t num = c.attrs().getInt("num_split");
    const Tensor* axisT = c.inputValue(0);
    PartialShape piece = x.hasRank() ? PartialShape::unknownOfRank(x.rank()) : PartialShape::unknown();
    if (x.hasRank() && axisT) {
        const int axis = canonicalAxis(axisT->toInt64Vector().at(0), x.rank());
        std::vector<int64_t> dims = x.dims();
        if (axis >= 0 && dims[static_cast<size_t>(axis)] >= 0) dims[static_cast<size_t>(axis)] /= num;
        piece = PartialShape(dims);
    }
    for (int64_t i = 0; i < num; ++i) c.setOutput(static_cast<int>(i), piece);
}

void splitVKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    std::vector<int64_t> sizes = c.input(1).toInt64Vector();
    const int64_t axisValue = c.input(2).toInt64Vector().at(0);
    const int axis = canonicalAxis(axisValue, x.rank());
    if (axis < 0)
        invalidArgument("-input rank(-", x.rank(), ") <= split_dim < input rank (", x.rank(), "), but got ", axisValue);
    int unknown = -1;
    int64_t known = 0;
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (sizes[i] == -1) {
            if (unknown >= 0) invalidArgument("There can only be one -1 in the input.");
            unknown = static_cast<int>(i);
        } else {
            known += sizes[i];
        }
    }
    if (unknown >= 0) sizes[static_cast<size_t>(unknown)] = x.dim(axis) - known;
    if ((unknown < 0 && known != x.dim(axis)) || (unknown >= 0 && known > x.dim(axis)))
        invalidArgument(
            "Determined shape must either match input shape along split_dim exactly if fully specified, or be less "
            "than the size of the input along split_dim if not fully specified.  Got: ",
            known);
    splitInto(c, x, axis, sizes);
}
void splitVShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const int64_t num = c.attrs().getInt("num_split");
    const Tensor* sizes = c.inputValue(1);
    const Tensor* axisT = c.inputValue(2);
    for (int64_t i = 0; i < num; ++i) {
        PartialShape piece = x.hasRank() ? PartialShape::unknownOfRank(x.rank()) : PartialShape::unknown();
        if (x.hasRank() && axisT && sizes) {
            const int axis = canonicalAxis(axisT->toInt64Vector().at(0), x.rank());
            std::vector<int64_t> dims = x.dims();
            if (axis >= 0) {
                const auto s = sizes->toInt64Vector();
                int64_t sz = s[static_cast<size_t>(i)];
                if (sz == -1 && dims[static_cast<size_t>(axis)] >= 0) {
                    int64_t known = 0;
                    for (int64_t v : s) known += v == -1 ? 0 : v;
                    sz = dims[static_cast<size_t>(axis)] - known;
                }
                dims[static_cast<size_t>(axis)] = sz;
            }
            piece = PartialShape(dims);
        }
        c.setOutput(static_cast<int>(i), piece);
    }
}

void sliceKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const auto begin = c.input(1).toInt64Vector();
    auto size = c.input(2).toInt64Vector();
    if (static_cast<int>(begin.size()) != x.rank() || static_cast<int>(size.size()) != x.rank())
        invalidArgument("Expected begin and size arguments to be 1-D tensors of size ", x.rank(), ", but got shapes ",
                        c.input(1).shape().str(), " and ", c.input(2).shape().str(), " instead.");
    TensorShape out;
    int64_t base = 0;
    const auto strides = stridesOf(x.shape());
    for (int i = 0; i < x.rank(); ++i) {
        const auto u = static_cast<size_t>(i);
        if (size[u] == -1) size[u] = x.dim(i) - begin[u];
        if (begin[u] < 0 || begin[u] > x.dim(i))
            invalidArgument("Expected begin[", i, "] in [0, ", x.dim(i), "], but got ", begin[u]);
        if (size[u] < 0 || begin[u] + size[u] > x.dim(i))
            invalidArgument("Expected size[", i, "] in [0, ", x.dim(i) - begin[u], "], but got ", size[u]);
        out.addDim(size[u]);
        base += begin[u] * strides[u];
    }
    if (out == x.shape()) return c.setOutput(0, x);
    c.setOutput(0, stridedGather(x, base, strides, out, c.device()->allocator()));
}
void sliceShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const Tensor* begin = c.inputValue(1);
    const Tensor* size = c.inputValue(2);
    PartialShape sizes = c.shapeFromInput(2);
    if (!sizes.hasRank())
        return c.setOutput(0, x.hasRank() ? PartialShape::unknownOfRank(x.rank()) : PartialShape::unknown());
    std::vector<int64_t> out = sizes.dims();
    if (size && begin && x.hasRank()) {
        const auto b = begin->toInt64Vector();
        for (size_t i = 0; i < out.size(); ++i)
            if (out[i] == -1) out[i] = x.dim(static_cast<int>(i)) < 0 ? -1 : x.dim(static_cast<int>(i)) - b[i];
    } else {
        for (auto& d : out)
            if (d == -1) d = -1;
    }
    c.setOutput(0, PartialShape(out));
}

// TF's StridedSlice validation: the sparse spec (with ellipsis and new axes) made dense over the
// input dims, then each dim's begin/end canonicalised.
struct StridedPlan {
    std::vector<int64_t> begin, stride, size; // per input dim
    std::vector<int64_t> finalShape;
    bool identity = true;
};

// `dims` may hold -1 (unknown) and begin/end may be unknown (shape inference on a graph): the
// sizes those decide are then -1, as TF's shape function gives.
StridedPlan planStridedSlice(const std::vector<int64_t>& dims, std::vector<int64_t> begin, std::vector<int64_t> end,
                             std::vector<int64_t> strides, const ResolvedAttrs& a, bool beginKnown = true,
                             bool endKnown = true) {
    int64_t beginMask = a.getInt("begin_mask"), endMask = a.getInt("end_mask"),
            ellipsisMask = a.getInt("ellipsis_mask");
    const int64_t newAxisMask = a.getInt("new_axis_mask"), shrinkMask = a.getInt("shrink_axis_mask");
    if (begin.size() != end.size() || begin.size() != strides.size())
        invalidArgument("Expected begin, end, and strides to be 1D equal size tensors, but got shapes [", begin.size(),
                        "], [", end.size(), "], and [", strides.size(), "] instead.");
    int sparseDims = static_cast<int>(begin.size());
    bool seenEllipsis = false;
    for (int i = 0; i < sparseDims; ++i)
        if (ellipsisMask & (int64_t{ 1 } << i)) {
            if (seenEllipsis) invalidArgument("Multiple ellipses in slice spec not allowed");
            seenEllipsis = true;
        }
    if (!seenEllipsis) {
        ellipsisMask |= int64_t{ 1 } << sparseDims;
        ++sparseDims;
        begin.push_back(0);
        end.push_back(0);
        strides.push_back(1);
    }
    int numAddAxisAfterEllipsis = 0;
    bool afterEllipsis = false;
    for (int i = 0; i < sparseDims; ++i) {
        if (afterEllipsis && (newAxisMask & (int64_t{ 1 } << i))) ++numAddAxisAfterEllipsis;
        if (ellipsisMask & (int64_t{ 1 } << i)) afterEllipsis = true;
    }
    const int rank = static_cast<int>(dims.size());
    constexpr int64_t kNewAxis = -1, kShrink = -2;
    std::vector<int64_t> dBegin(static_cast<size_t>(rank)), dEnd(static_cast<size_t>(rank)),
        dStride(static_cast<size_t>(rank));
    int64_t dBeginMask = 0, dEndMask = 0, dShrink = 0;
    std::vector<int64_t> gather;
    int full = 0;
    for (int i = 0; i < sparseDims; ++i) {
        const int64_t bit = int64_t{ 1 } << i;
        const auto u = static_cast<size_t>(i);
        if (ellipsisMask & bit) {
            const int next = std::min(rank - (sparseDims - i) + 1 + numAddAxisAfterEllipsis, rank);
            for (; full < next; ++full) {
                const auto f = static_cast<size_t>(full);
                dBegin[f] = dEnd[f] = 0;
                dStride[f] = 1;
                dBeginMask |= int64_t{ 1 } << full;
                dEndMask |= int64_t{ 1 } << full;
                gather.push_back(full);
            }
        } else if (newAxisMask & bit) {
            gather.push_back(kNewAxis);
        } else {
            if (full == rank)
                invalidArgument("Index out of range using input dim ", full, "; input has only ", rank, " dims");
            const auto f = static_cast<size_t>(full);
            dBegin[f] = begin[u];
            dEnd[f] = end[u];
            dStride[f] = strides[u];
            if (beginMask & bit) dBeginMask |= int64_t{ 1 } << full;
            if (endMask & bit) dEndMask |= int64_t{ 1 } << full;
            if (shrinkMask & bit) {
                gather.push_back(kShrink);
                dShrink |= int64_t{ 1 } << full;
            } else {
                gather.push_back(full);
            }
            ++full;
        }
    }
    StridedPlan plan;
    for (int i = 0; i < rank; ++i) {
        const auto u = static_cast<size_t>(i);
        const int64_t s = dStride[u], dim = dims[u];
        if (s == 0) invalidArgument("strides[", i, "] must be non-zero");
        const bool shrink = dShrink & (int64_t{ 1 } << i);
        const bool beginMasked = dBeginMask & (int64_t{ 1 } << i), endMasked = dEndMask & (int64_t{ 1 } << i);
        if (dim < 0 || (!beginKnown && !beginMasked) || (!endKnown && !endMasked && !shrink)) {
            plan.begin.push_back(0);
            plan.stride.push_back(s);
            plan.size.push_back(shrink ? 1 : -1);
            plan.identity = false;
            continue;
        }
        int64_t b, e;
        if (shrink) {
            const int64_t fwd = dBegin[u] < 0 ? dim + dBegin[u] : dBegin[u];
            if (fwd < 0 || fwd >= dim)
                invalidArgument("slice index ", dBegin[u], " of dimension ", i, " out of bounds.");
            if (s <= 0) invalidArgument("only stride 1 allowed on non-range indexing.");
            b = fwd;
            e = fwd + 1;
        } else {
            const int64_t lo = s > 0 ? 0 : -1, hi = s > 0 ? dim : dim - 1;
            auto canonical = [&](int64_t x, bool masked, bool isBegin) {
                if (masked) return s > 0 ? (isBegin ? lo : hi) : (isBegin ? hi : lo);
                const int64_t fwd = x < 0 ? dim + x : x;
                return fwd < lo ? lo : std::min(fwd, hi);
            };
            b = canonical(dBegin[u], dBeginMask & (int64_t{ 1 } << i), true);
            e = canonical(dEnd[u], dEndMask & (int64_t{ 1 } << i), false);
        }
        const int64_t interval = e - b;
        int64_t size;
        if (shrink) size = 1;
        else if (interval == 0 || ((interval < 0) != (s < 0))) size = 0;
        else size = interval / s + (interval % s != 0 ? 1 : 0);
        plan.begin.push_back(b);
        plan.stride.push_back(s);
        plan.size.push_back(size);
        if (!(b == 0 && s == 1 && size == dim)) plan.identity = false;
    }
    for (int64_t g : gather) {
        if (g == kShrink) plan.identity = false;
        else if (g == kNewAxis) plan.finalShape.push_back(1);
        else plan.finalShape.push_back(plan.size[static_cast<size_t>(g)]);
    }
    return plan;
}

void stridedSliceKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const StridedPlan plan = planStridedSlice(x.shape().dims(), c.input(1).toInt64Vector(), c.input(2).toInt64Vector(),
                                              c.input(3).toInt64Vector(), c.attrs());
    if (plan.identity) return c.setOutput(0, x.reshaped(TensorShape(plan.finalShape)));
    const auto in = stridesOf(x.shape());
    int64_t base = 0;
    std::vector<int64_t> strides;
    for (size_t i = 0; i < in.size(); ++i) {
        base += plan.begin[i] * in[i];
        strides.push_back(plan.stride[i] * in[i]);
    }
    Tensor out = stridedGather(x, base, strides, TensorShape(plan.size), c.device()->allocator());
    c.setOutput(0, out.reshaped(TensorShape(plan.finalShape)));
}
// TF's: the rank follows from the input's rank, the strides and the spec's length; sizes need the
// input's dims and the begin/end values that decide them.
void stridedSliceShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const Tensor *b = c.inputValue(1), *e = c.inputValue(2), *s = c.inputValue(3);
    const PartialShape& specShape = c.inputShape(1);
    if (!x.hasRank() || !s || specShape.rank() != 1 || specShape.dim(0) < 0)
        return c.setOutput(0, PartialShape::unknown());
    const std::vector<int64_t> strides = s->toInt64Vector();
    const std::vector<int64_t> zeros(strides.size(), 0);
    c.setOutput(0,
                PartialShape(planStridedSlice(x.dims(), b ? b->toInt64Vector() : zeros, e ? e->toInt64Vector() : zeros,
                                              strides, c.attrs(), b != nullptr, e != nullptr)
                                 .finalShape));
}

// StridedSliceGrad(shape, begin, end, strides, dy): dy scattered into zeros of `shape`.
void stridedSliceGradKernel(KernelContext& c) {
    const TensorShape shape = shapeFromTensor(c.input(0));
    const Tensor& dy = c.input(4);
    const StridedPlan plan = planStridedSlice(shape.dims(), c.input(1).toInt64Vector(), c.input(2).toInt64Vector(),
                                              c.input(3).toInt64Vector(), c.attrs());
    if (TensorShape(plan.finalShape) != dy.shape())
        invalidArgument("shape of dy was ", dy.shape().str(), " instead of ", TensorShape(plan.finalShape).str());
    Tensor out = Tensor::zeros(dy.dtype(), shape, c.device()->allocator());
    const auto st = stridesOf(shape);
    int64_t base = 0;
    std::vector<int64_t> strides;
    for (size_t i = 0; i < st.size(); ++i) {
        base += plan.begin[i] * st[i];
        strides.push_back(plan.stride[i] * st[i]);
    }
    stridedScatter(dy.reshaped(TensorShape(plan.size)), out, base, strides);
    c.setOutput(0, out);
}
void stridedSliceGradShape(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(0));
}

} // namespace

void stridedSliceAssign(Tensor& dst, const Tensor& begin, const Tensor& end, const Tensor& strides, const Tensor& value,
                        const ResolvedAttrs& attrs) {
    const StridedPlan plan = planStridedSlice(dst.shape().dims(), begin.toInt64Vector(), end.toInt64Vector(),
                                              strides.toInt64Vector(), attrs);
    if (TensorShape(plan.finalShape) != value.shape())
        invalidArgument("sliced l-value shape ", TensorShape(plan.finalShape).str(), " does not match r-value shape ",
                        value.shape().str(), ". Automatic broadcasting not yet implemented.");
    const auto st = stridesOf(dst.shape());
    int64_t base = 0;
    std::vector<int64_t> steps;
    for (size_t i = 0; i < st.size(); ++i) {
        base += plan.begin[i] * st[i];
        steps.push_back(plan.stride[i] * st[i]);
    }
    stridedScatter(value.reshaped(TensorShape(plan.size)), dst, base, steps);
}

void registerSliceKernels() {
    defineOp("Transpose").kernel(transposeKernel).shape(transposeShape);
    defineOp("ConcatV2").kernel(concatKernel).shape(concatShape);
    defineOp("Pack").kernel(packKernel).shape(packShape);
    defineOp("Unpack").kernel(unpackKernel).shape(unpackShape);
    defineOp("Split").kernel(splitKernel).shape(splitShape);
    defineOp("SplitV").kernel(splitVKernel).shape(splitVShape);
    defineOp("Slice").kernel(sliceKernel).shape(sliceShape);
    defineOp("StridedSlice").kernel(stridedSliceKernel).shape(stridedSliceShape);
    defineOp("StridedSliceGrad").kernel(stridedSliceGradKernel).shape(stridedSliceGradShape);
}

} // namespace graphlens::ops
