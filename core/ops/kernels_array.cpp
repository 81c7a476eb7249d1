// GatherV2, Tile, BroadcastTo, Where, OneHot, Select, SelectV2.
#include "core/ops/kernel_util.h"
#include "core/tensor/dispatch.h"

namespace graphlens::ops {

namespace {

constexpr DTypeMask kNative = tensor::kIntTypes | maskOf(DType::Float32, DType::Float64);

std::string indexString(const TensorShape& shape, int64_t flat) {
    std::vector<int64_t> idx(static_cast<size_t>(shape.rank()));
    for (int d = shape.rank() - 1; d >= 0; --d) {
        idx[static_cast<size_t>(d)] = shape.dim(d) ? flat % shape.dim(d) : 0;
        flat = shape.dim(d) ? flat / shape.dim(d) : 0;
    }
    std::string s;
    for (int64_t i : idx) s += (s.empty() ? "" : ",") + std::to_string(i);
    return s;
}

void gatherKernel(KernelContext& c) {
    const Tensor& params = c.input(0);
    const Tensor& indices = c.input(1);
    const int64_t axisValue = c.input(2).toInt64Vector().at(0);
    int64_t batchDims = c.attrs().getInt("batch_dims");
    if (batchDims < 0) batchDims += indices.rank();
    const int axis = canonicalAxis(axisValue, params.rank());
    // TF's shape function refuses it first (WithRankAtLeast), in eager mode and in graphs of
    // known rank alike: that is the message users see.
    if (axis < 0)
        invalidArgument("Shape must be at least rank ", axisValue < 0 ? -axisValue : axisValue + 1, " but is rank ",
                        params.rank());
    if (batchDims > axis)
        invalidArgument("batch_dims (", batchDims, ") must be less than or equal to axis (", axis, ").");
    for (int i = 0; i < batchDims; ++i)
        if (params.dim(i) != indices.dim(i))
            invalidArgument("params.shape[", i, "]: ", params.dim(i), " should be equal to indices.shape[", i,
                            "]: ", indices.dim(i));
    TensorShape out;
    int64_t batch = 1, outer = 1, inner = 1;
    for (int i = 0; i < batchDims; ++i) batch *= params.dim(i);
    for (int i = 0; i < axis; ++i) out.addDim(params.dim(i));
    for (int i = static_cast<int>(batchDims); i < axis; ++i) outer *= params.dim(i);
    for (int i = static_cast<int>(batchDims); i < indices.rank(); ++i) out.addDim(indices.dim(i));
    for (int i = axis + 1; i < params.rank(); ++i) {
        out.addDim(params.dim(i));
        inner *= params.dim(i);
    }
    const int64_t n = params.dim(axis);
    const auto idx = indices.toInt64Vector();
    for (size_t i = 0; i < idx.size(); ++i)
        if (idx[i] < 0 || idx[i] >= n)
            invalidArgument("indices", // TF's SliceDebugString: no brackets for a scalar
                            indices.rank() == 0 ? std::string()
                                                : "[" + indexString(indices.shape(), static_cast<int64_t>(i)) + "]",
                            " = ", idx[i], " is not in [0, ", n, ")");
    const int64_t perBatch = batch == 0 ? 0 : static_cast<int64_t>(idx.size()) / batch;
    Tensor& o = c.allocateOutput(0, params.dtype(), out);
    int64_t dst = 0;
    for (int64_t b = 0; b < batch; ++b)
        for (int64_t r = 0; r < outer; ++r)
            for (int64_t i = 0; i < perBatch; ++i, dst += inner)
                copyElements(params, ((b * outer + r) * n + idx[static_cast<size_t>(b * perBatch + i)]) * inner, o, dst,
                             inner);
}
void gatherShape(ShapeContext& c) {
    const PartialShape& p = c.inputShape(0);
    const PartialShape& ind = c.inputShape(1);
    const Tensor* axisT = c.inputValue(2);
    if (!p.hasRank() || !ind.hasRank() || !axisT) return c.setOutput(0, PartialShape::unknown());
    int64_t batchDims = c.attrs().getInt("batch_dims");
    if (batchDims < 0) batchDims += ind.rank();
    const int axis = canonicalAxis(axisT->toInt64Vector().at(0), p.rank());
    const int64_t axisValue = axisT->toInt64Vector().at(0);
    if (axis < 0)
        invalidArgument("Shape must be at least rank ", axisValue < 0 ? -axisValue : axisValue + 1, " but is rank ",
                        p.rank());
    std::vector<int64_t> out(p.dims().begin(), p.dims().begin() + axis);
    out.insert(out.end(), ind.dims().begin() + batchDims, ind.dims().end());
    out.insert(out.end(), p.dims().begin() + axis + 1, p.dims().end());
    c.setOutput(0, PartialShape(out));
}

void tileKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const auto m = c.input(1).toInt64Vector();
    if (c.input(1).rank() != 1 || static_cast<int>(m.size()) != x.rank())
        invalidArgument("Expected multiples argument to be a vector of length ", x.rank(), " but got length ",
                        m.size());
    TensorShape out;
    for (int i = 0; i < x.rank(); ++i) {
        if (m[static_cast<size_t>(i)] < 0)
            invalidArgument("Expected multiples[", i, "] >= 0, but got ", m[static_cast<size_t>(i)]);
        out.addDim(x.dim(i) * m[static_cast<size_t>(i)]);
    }
    // A tile is a broadcast of x viewed as [1, d0, 1, d1, ...] to [m0, d0, m1, d1, ...].
    std::vector<int64_t> strides;
    TensorShape view;
    const auto st = stridesOf(x.shape());
    for (int i = 0; i < x.rank(); ++i) {
        view.addDim(m[static_cast<size_t>(i)]);
        strides.push_back(0);
        view.addDim(x.dim(i));
        strides.push_back(st[static_cast<size_t>(i)]);
    }
    try {
        c.setOutput(0, stridedGather(x, 0, strides, view, c.device()->allocator()).reshaped(out));
    } catch (const tensor::ResourceExhaustedError&) {
        // Named by the output's shape, as TF's error is (the gather's view has twice the rank).
        throw tensor::ResourceExhaustedError(c.device()->allocator()->outOfMemoryMessage(out, x.dtype()));
    }
}
// ReverseV2: the tensor with the given axes reversed, a view of it with those strides negated.
void reverseKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& axisTensor = c.input(1);
    if (axisTensor.rank() != 1) invalidArgument("'dims' must be 1-dimension, not ", axisTensor.rank());
    const std::vector<int64_t> axes = axisTensor.toInt64Vector();
    std::vector<bool> flip(static_cast<size_t>(x.rank()), false);
    for (size_t i = 0; i < axes.size(); ++i) {
        const int64_t axis = axes[i] < 0 ? axes[i] + x.rank() : axes[i];
        if (axis < 0 || axis >= x.rank())
            invalidArgument("'axis'[", i, "] = ", axes[i], " is out of valid range [0, ",
                            x.rank() - 1); // sic: TF leaves the bracket open
        if (flip[static_cast<size_t>(axis)]) invalidArgument("axis ", axis, " specified more than once.");
        flip[static_cast<size_t>(axis)] = true;
    }
    std::vector<int64_t> strides = stridesOf(x.shape());
    int64_t base = 0;
    for (int i = 0; i < x.rank(); ++i)
        if (flip[static_cast<size_t>(i)] && x.dim(i) > 0) {
            base += (x.dim(i) - 1) * strides[static_cast<size_t>(i)];
            strides[static_cast<size_t>(i)] = -strides[static_cast<size_t>(i)];
        }
    c.setOutput(0, stridedGather(x, base, strides, x.shape(), c.device()->allocator()));
}
void reverseShape(ShapeContext& c) {
    c.setOutput(0, c.inputShape(0));
}

void tileShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const PartialShape& multiples = c.inputShape(1);
    if (multiples.hasRank() && multiples.rank() != 1)
        invalidArgument("Shape must be rank 1 but is rank ", multiples.rank());
    if (x.hasRank() && multiples.hasRank() && multiples.dim(0) >= 0 && multiples.dim(0) != x.rank())
        invalidArgument("Shape must be rank ", x.rank(), " but is rank ", multiples.dim(0));
    const Tensor* m = c.inputValue(1);
    if (!x.hasRank() || !m)
        return c.setOutput(0, x.hasRank() ? PartialShape::unknownOfRank(x.rank()) : PartialShape::unknown());
    const auto mv = m->toInt64Vector();
    if (static_cast<int>(mv.size()) != x.rank())
        invalidArgument("Expected multiples argument to be a vector of length ", x.rank(), " but got length ",
                        mv.size());
    std::vector<int64_t> out;
    for (int i = 0; i < x.rank(); ++i) out.push_back(x.dim(i) < 0 ? -1 : x.dim(i) * mv[static_cast<size_t>(i)]);
    c.setOutput(0, PartialShape(out));
}

// Strides that read `from` broadcast to `to` (0 along broadcast dims); empty when impossible.
std::optional<std::vector<int64_t>> broadcastStrides(const TensorShape& from, const TensorShape& to) {
    if (from.rank() > to.rank()) return std::nullopt;
    const auto st = stridesOf(from);
    std::vector<int64_t> out(static_cast<size_t>(to.rank()), 0);
    const int off = to.rank() - from.rank();
    for (int i = 0; i < from.rank(); ++i) {
        if (from.dim(i) == to.dim(i + off))
            out[static_cast<size_t>(i + off)] = from.dim(i) == 1 ? 0 : st[static_cast<size_t>(i)];
        else if (from.dim(i) != 1) return std::nullopt;
    }
    return out;
}

// BroadcastArgs: the shape two shapes broadcast to (numpy's rules), or TF's Incompatible shapes.
void broadcastArgsKernel(KernelContext& c) {
    const Tensor& a = c.input(0);
    const Tensor& b = c.input(1);
    if (a.rank() != 1 || b.rank() != 1)
        invalidArgument("In[0] and In[1] must be vectors, got shapes ", a.shape().str(), " and ", b.shape().str());
    const std::vector<int64_t> x = a.toInt64Vector(), y = b.toInt64Vector();
    const size_t n = std::max(x.size(), y.size());
    std::vector<int64_t> out(n);
    auto text = [](const std::vector<int64_t>& v) {
        std::string s = "[";
        for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
        return s + "]";
    };
    for (size_t i = 0; i < n; ++i) {
        const int64_t dx = i < n - x.size() ? 1 : x[i - (n - x.size())];
        const int64_t dy = i < n - y.size() ? 1 : y[i - (n - y.size())];
        if (dx != dy && dx != 1 && dy != 1) invalidArgument("Incompatible shapes: ", text(x), " vs. ", text(y));
        out[i] = dx == 1 ? dy : dx;
    }
    Tensor& o = c.allocateOutput(0, a.dtype(), TensorShape{ static_cast<int64_t>(n) });
    tensor::visitIndex(a.dtype(), [&](auto tag) {
        using I = decltype(tag);
        for (size_t i = 0; i < n; ++i) o.data<I>()[i] = static_cast<I>(out[i]);
    });
}
void broadcastArgsShape(ShapeContext& c) {
    const PartialShape& a = c.inputShape(0);
    const PartialShape& b = c.inputShape(1);
    const bool known = a.hasRank() && b.hasRank() && a.rank() == 1 && b.rank() == 1 && a.dim(0) >= 0 && b.dim(0) >= 0;
    c.setOutput(0, PartialShape{ known ? std::max(a.dim(0), b.dim(0)) : -1 });
}

void broadcastToKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const TensorShape to = shapeFromTensor(c.input(1));
    auto strides = broadcastStrides(x.shape(), to);
    if (!strides)
        invalidArgument("Unable to broadcast tensor of shape ", x.shape().str(), " to tensor of shape ", to.str());
    if (x.shape() == to) return c.setOutput(0, x);
    c.setOutput(0, stridedGather(x, 0, *strides, to, c.device()->allocator()));
}
void broadcastToShape(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(1));
}

void whereKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    std::vector<int64_t> hits;
    if (x.dtype() == DType::Bool) {
        for (int64_t i = 0; i < x.numElements(); ++i)
            if (x.data<bool>()[i]) hits.push_back(i);
    } else {
        tensor::visitNative(x.dtype(), [&](auto tag) {
            using T = decltype(tag);
            for (int64_t i = 0; i < x.numElements(); ++i)
                if (x.data<T>()[i] != T(0)) hits.push_back(i);
        });
    }
    Tensor& out = c.allocateOutput(0, DType::Int64, TensorShape{ static_cast<int64_t>(hits.size()), x.rank() });
    const auto st = stridesOf(x.shape());
    int64_t* o = out.data<int64_t>();
    for (int64_t h : hits)
        for (int d = 0; d < x.rank(); ++d) {
            *o++ = h / st[static_cast<size_t>(d)];
            h %= st[static_cast<size_t>(d)];
        }
}
void whereShape(ShapeContext& c) {
    c.setOutput(0, PartialShape{ -1, c.inputShape(0).rank() });
}

void oneHotKernel(KernelContext& c) {
    const Tensor& indices = c.input(0);
    const int64_t depth = c.input(1).toInt64Vector().at(0);
    const Tensor& on = c.input(2);
    const Tensor& off = c.input(3);
    if (depth < 0) invalidArgument("depth must be non-negative, got: ", depth);
    const int64_t axisValue = c.attrs().getInt("axis");
    const int axis = axisValue == -1 ? indices.rank() : static_cast<int>(axisValue);
    if (axis < 0 || axis > indices.rank())
        invalidArgument("Expected axis to be -1 or between [0, ", indices.rank(), ").  But received: ", axisValue);
    TensorShape out = indices.shape();
    out.insertDim(axis, depth);
    int64_t outer = 1, inner = 1;
    for (int i = 0; i < axis; ++i) outer *= indices.dim(i);
    for (int i = axis; i < indices.rank(); ++i) inner *= indices.dim(i);
    const auto idx = indices.toInt64Vector();
    Tensor& o = c.allocateOutput(0, on.dtype(), out);
    for (int64_t a = 0; a < outer; ++a)
        for (int64_t d = 0; d < depth; ++d)
            for (int64_t i = 0; i < inner; ++i)
                copyElements(idx[static_cast<size_t>(a * inner + i)] == d ? on : off, 0, o, (a * depth + d) * inner + i,
                             1);
}
void oneHotShape(ShapeContext& c) {
    const PartialShape& ind = c.inputShape(0);
    if (!ind.hasRank()) return c.setOutput(0, PartialShape::unknown());
    const Tensor* depthT = c.inputValue(1);
    const int64_t axisValue = c.attrs().getInt("axis");
    std::vector<int64_t> dims = ind.dims();
    dims.insert(dims.begin() + (axisValue == -1 ? ind.rank() : axisValue), depthT ? depthT->toInt64Vector().at(0) : -1);
    c.setOutput(0, PartialShape(dims));
}

// out = cond ? t : e with the three shapes broadcast (SelectV2).
void selectV2Kernel(KernelContext& c) {
    const Tensor& cond = c.input(0);
    const Tensor& t = c.input(1);
    const Tensor& e = c.input(2);
    TensorShape out;
    try {
        out = Broadcast(Broadcast(cond.shape(), t.shape()).outShape, e.shape()).outShape;
    } catch (const InvalidArgumentError&) {
        invalidArgument("condition ", cond.shape().str(), ", then ", t.shape().str(), ", and else ", e.shape().str(),
                        " must be broadcastable");
    }
    const Tensor cb = stridedGather(cond, 0, *broadcastStrides(cond.shape(), out), out, c.device()->allocator());
    const Tensor tb =
        t.shape() == out ? t : stridedGather(t, 0, *broadcastStrides(t.shape(), out), out, c.device()->allocator());
    const Tensor eb =
        e.shape() == out ? e : stridedGather(e, 0, *broadcastStrides(e.shape(), out), out, c.device()->allocator());
    Tensor& o = c.allocateOutput(0, t.dtype(), out);
    for (int64_t i = 0; i < o.numElements(); ++i) copyElements(cb.data<bool>()[i] ? tb : eb, i, o, i, 1);
}
void selectV2Shape(ShapeContext& c) {
    c.setOutput(0, broadcastPartial(broadcastPartial(c.inputShape(0), c.inputShape(1)), c.inputShape(2)));
}

// Select (v1): cond is t's shape, a scalar, or a vector over t's first dim.
void selectKernel(KernelContext& c) {
    const Tensor& cond = c.input(0);
    const Tensor& t = c.input(1);
    const Tensor& e = c.input(2);
    if (t.shape() != e.shape())
        invalidArgument("'then' and 'else' must have the same size.  but received: ", t.shape().str(), " vs. ",
                        e.shape().str());
    const bool scalar = cond.rank() == 0, same = cond.shape() == t.shape();
    if (!scalar && !same && !(cond.rank() == 1 && t.rank() >= 1 && cond.dim(0) == t.dim(0)))
        invalidArgument("'cond' and 'then' must have the same size.  but received: ", cond.shape().str(), " vs. ",
                        t.shape().str());
    Tensor& o = c.allocateOutput(0, t.dtype(), t.shape());
    const int64_t row = scalar || same || t.dim(0) == 0 ? 1 : t.numElements() / t.dim(0);
    for (int64_t i = 0; i < o.numElements(); ++i) {
        const bool pick = cond.data<bool>()[scalar ? 0 : (same ? i : i / row)];
        copyElements(pick ? t : e, i, o, i, 1);
    }
}
void selectShape(ShapeContext& c) {
    c.setOutput(0, c.inputShape(1).merge(c.inputShape(2)).value_or(c.inputShape(1)));
}

// UnsortedSegmentSum(data, segment_ids, num_segments): rows of data summed by id (GatherV2's gradient).
void unsortedSegmentSumKernel(KernelContext& c) {
    const Tensor& data = c.input(0);
    const Tensor& ids = c.input(1);
    const int64_t n = c.input(2).toInt64Vector().at(0);
    for (int i = 0; i < ids.rank(); ++i)
        if (ids.dim(i) != data.dim(i))
            invalidArgument("data.shape = ", data.shape().str(),
                            " does not start with segment_ids.shape = ", ids.shape().str());
    TensorShape out{ n };
    for (int i = ids.rank(); i < data.rank(); ++i) out.addDim(data.dim(i));
    const int64_t inner = n == 0 ? 0 : out.numElements() / n;
    const auto idv = ids.toInt64Vector();
    tensor::visitNative(data.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor o = Tensor::zeros(data.dtype(), out, c.device()->allocator());
        for (size_t r = 0; r < idv.size(); ++r) {
            if (idv[r] < 0) continue;
            if (idv[r] >= n) invalidArgument("segment_ids[", r, "] = ", idv[r], " is out of range [0, ", n, ")");
            for (int64_t j = 0; j < inner; ++j)
                o.data<T>()[idv[r] * inner + j] += data.data<T>()[static_cast<int64_t>(r) * inner + j];
        }
        c.setOutput(0, o);
    });
}
void unsortedSegmentSumShape(ShapeContext& c) {
    const PartialShape& d = c.inputShape(0);
    const PartialShape& ids = c.inputShape(1);
    const Tensor* n = c.inputValue(2);
    if (!d.hasRank() || !ids.hasRank()) return c.setOutput(0, PartialShape::unknown());
    std::vector<int64_t> out{ n ? n->toInt64Vector().at(0) : -1 };
    out.insert(out.end(), d.dims().begin() + ids.rank(), d.dims().end());
    c.setOutput(0, PartialShape(out));
}

} // namespace

void registerArrayKernels() {
    defineOp("UnsortedSegmentSum").kernel(unsortedSegmentSumKernel, kNative).viaFloat().shape(unsortedSegmentSumShape);
    defineOp("GatherV2").kernel(gatherKernel, tensor::kAnyTypes, "Tparams").shape(gatherShape);
    defineOp("Tile").kernel(tileKernel).shape(tileShape);
    defineOp("ReverseV2").kernel(reverseKernel).shape(reverseShape);
    defineOp("BroadcastTo").kernel(broadcastToKernel).shape(broadcastToShape);
    defineOp("BroadcastArgs").kernel(broadcastArgsKernel).shape(broadcastArgsShape).notDifferentiable();
    defineOp("Where").kernel(whereKernel, kNative | maskOf(DType::Bool)).shape(whereShape).notDifferentiable();
    defineOp("OneHot").kernel(oneHotKernel).shape(oneHotShape).notDifferentiable();
    defineOp("SelectV2").kernel(selectV2Kernel).shape(selectV2Shape);
    defineOp("Select").kernel(selectKernel).shape(selectShape);
}

} // namespace graphlens::ops
