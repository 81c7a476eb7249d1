// TopKV2 (tf.math.top_k), ScatterNd (tf.scatter_nd, and TopK's gradient), GatherNd and the
// TensorScatter{Update,Add,Sub} ops: selection along the last dimension, gathering and scattering
// slices by index tuples, with TF's shape functions, error words and gradients.
#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>
#include <type_traits>

#include "core/ops/gradient.h"
#include "core/ops/kernel_util.h"
#include "core/tensor/dispatch.h"

namespace graphlens::ops {

namespace {

int64_t scalarK(const Tensor& k) {
    if (k.rank() != 0) invalidArgument("k must be 0-D, got shape ", k.shape().str());
    const int64_t value = k.toInt64Vector().at(0);
    if (value < 0) invalidArgument("Need k >= 0, got ", value);
    return value;
}

// Largest first; equal values keep their order (the lower index first); NaN counts as largest.
template<class T> bool before(const T* row, int64_t a, int64_t b) {
    const double x = static_cast<double>(row[a]), y = static_cast<double>(row[b]);
    const bool nx = std::isnan(x), ny = std::isnan(y);
    if (nx || ny) return nx && (!ny || a < b);
    return x > y || (x == y && a < b);
}

void topKKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const int64_t k = scalarK(c.input(1));
    if (x.rank() < 1) invalidArgument("input must be >= 1-D, got shape ", x.shape().str());
    const int64_t n = x.dim(x.rank() - 1);
    if (n < k) invalidArgument("input must have at least k columns. Had ", n, ", needed ", k);
    TensorShape outShape = x.shape();
    outShape.setDim(x.rank() - 1, k);
    const DType indexType = c.attrs().getType("index_type");
    Tensor& values = c.allocateOutput(0, x.dtype(), outShape);
    Tensor& indices = c.allocateOutput(1, indexType, outShape);
    const int64_t rows = n == 0 ? 0 : x.numElements() / n;
    std::vector<int64_t> order(static_cast<size_t>(n));
    tensor::visitNative(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        for (int64_t r = 0; r < rows; ++r) {
            const T* row = x.data<T>() + r * n;
            std::iota(order.begin(), order.end(), int64_t{ 0 });
            std::partial_sort(order.begin(), order.begin() + k, order.end(),
                              [&](int64_t a, int64_t b) { return before(row, a, b); });
            T* v = values.data<T>() + r * k;
            for (int64_t j = 0; j < k; ++j) v[j] = row[order[static_cast<size_t>(j)]];
            tensor::visitIndex(indexType, [&](auto itag) {
                using I = decltype(itag);
                I* out = indices.data<I>() + r * k;
                for (int64_t j = 0; j < k; ++j) out[j] = static_cast<I>(order[static_cast<size_t>(j)]);
            });
        }
    });
}

void topKShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    if (x.hasRank() && x.rank() < 1) invalidArgument("Shape must be at least rank 1 but is rank ", x.rank());
    const Tensor* kValue = c.inputValue(1);
    const int64_t k = kValue ? kValue->toInt64Vector().at(0) : -1;
    if (kValue && k < 0) invalidArgument("Need k >= 0, got ", k);
    if (!x.hasRank()) {
        c.setOutput(0, PartialShape::unknown());
        return c.setOutput(1, PartialShape::unknown());
    }
    std::vector<int64_t> dims = x.dims();
    const int64_t last = dims.back();
    if (k >= 0 && last >= 0 && last < k) invalidArgument("input must have last dimension >= k = ", k, " but is ", last);
    dims.back() = k;
    c.setOutput(0, PartialShape(dims));
    c.setOutput(1, PartialShape(dims));
}

// The flat offset of each index tuple (depth leading dimensions of `shape`), or the error TF's
// kernel gives for the first tuple out of range (`what` names the shape: "param shape", "shape").
std::vector<int64_t> tupleOffsets(const Tensor& indices, const TensorShape& shape, int64_t depth, const char* what,
                                  const char* tail) {
    const int64_t count = depth == 0 ? indices.numElements() : indices.numElements() / depth;
    const std::vector<int64_t> idx = indices.toInt64Vector();
    const std::vector<int64_t> strides = stridesOf(shape);
    std::vector<int64_t> offsets(static_cast<size_t>(depth == 0 ? 0 : count));
    for (size_t i = 0; i < offsets.size(); ++i) {
        int64_t offset = 0;
        for (int64_t d = 0; d < depth; ++d) {
            const int64_t v = idx[i * static_cast<size_t>(depth) + static_cast<size_t>(d)];
            if (v < 0 || v >= shape.dim(static_cast<int>(d))) {
                std::string tuple;
                for (int64_t e = 0; e < depth; ++e)
                    tuple +=
                        (e ? ", " : "") + std::to_string(idx[i * static_cast<size_t>(depth) + static_cast<size_t>(e)]);
                invalidArgument("indices[", i, "] = [", tuple, "] does not index into ", what, " ", shape.str(), tail);
            }
            offset += v * strides[static_cast<size_t>(d)];
        }
        offsets[i] = offset;
    }
    return offsets;
}

// out = zeros(shape); out[indices[i]] += updates[i] for each index tuple (a slice when the tuple
// is shorter than the shape).
void scatterNdKernel(KernelContext& c) {
    const Tensor& indices = c.input(0);
    const Tensor& updates = c.input(1);
    const TensorShape shape = shapeFromTensor(c.input(2));
    if (indices.rank() < 1) invalidArgument("Indices shape must have rank at least one. Found:", indices.shape().str());
    const int64_t depth = indices.dim(indices.rank() - 1);
    if (depth > shape.rank())
        invalidArgument("Index innermost dimension length must be <= output rank; saw: ", depth, " vs. ", shape.rank());
    const int64_t count = depth == 0 ? 0 : indices.numElements() / depth;
    int64_t slice = 1;
    for (int d = static_cast<int>(depth); d < shape.rank(); ++d) slice *= shape.dim(d);
    if (updates.numElements() != count * slice)
        invalidArgument("Dimensions [0,", indices.rank() - 1, ") of indices[shape=", indices.shape().str(),
                        "] = ", count, " must match dimensions [0,",
                        updates.rank() - (shape.rank() - static_cast<int>(depth)),
                        ") of updates[shape=", updates.shape().str(), "]");
    const std::vector<int64_t> offsets = tupleOffsets(indices, shape, depth, "shape", "");
    Tensor& out = c.allocateOutput(0, updates.dtype(), shape);
    tensor::visitNative(updates.dtype(), [&](auto tag) {
        using T = decltype(tag);
        T* o = out.data<T>();
        std::fill_n(o, out.numElements(), T{});
        const T* u = updates.data<T>();
        for (size_t i = 0; i < offsets.size(); ++i)
            for (int64_t j = 0; j < slice; ++j) {
                const int64_t at = offsets[i] + j;
                o[at] = static_cast<T>(o[at] + u[static_cast<int64_t>(i) * slice + j]);
            }
    });
}

void scatterNdShape(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(2));
}

// GatherNd: out[i...] = params[indices[i...]] (a slice when the tuple is shorter than params).
void gatherNdKernel(KernelContext& c) {
    const Tensor& params = c.input(0);
    const Tensor& indices = c.input(1);
    if (indices.rank() < 1) invalidArgument("indices must be at least a vector, got shape ", indices.shape().str());
    const int64_t depth = indices.dim(indices.rank() - 1);
    if (depth > params.rank())
        invalidArgument("index innermost dimension length must be <= params rank; saw: ", depth, " vs. ",
                        params.rank());
    TensorShape outShape;
    for (int d = 0; d + 1 < indices.rank(); ++d) outShape.addDim(indices.dim(d));
    int64_t slice = 1;
    for (int d = static_cast<int>(depth); d < params.rank(); ++d) {
        outShape.addDim(params.dim(d));
        slice *= params.dim(d);
    }
    const std::vector<int64_t> offsets =
        tupleOffsets(indices, params.shape(), depth, "param shape", ", node name: GatherNd");
    Tensor& out = c.allocateOutput(0, params.dtype(), outShape);
    tensor::visitAll(params.dtype(), [&](auto tag) {
        using T = decltype(tag);
        const T* p = params.data<T>();
        T* o = out.data<T>();
        if (depth == 0) { // every output row is all of params
            for (int64_t r = 0; r * slice < out.numElements(); ++r) std::copy_n(p, slice, o + r * slice);
            return;
        }
        for (size_t i = 0; i < offsets.size(); ++i)
            std::copy_n(p + offsets[i], slice, o + static_cast<int64_t>(i) * slice);
    });
}

void gatherNdShape(ShapeContext& c) {
    const PartialShape& p = c.inputShape(0);
    const PartialShape& ix = c.inputShape(1);
    if (!p.hasRank() || !ix.hasRank() || ix.rank() == 0 || ix.dims().back() < 0)
        return c.setOutput(0, PartialShape::unknown());
    const int64_t depth = ix.dims().back();
    if (depth > p.rank())
        invalidArgument("indices.shape[-1] must be <= params.rank, but saw indices shape: ", ix.str(),
                        " and params shape: ", p.str());
    std::vector<int64_t> dims(ix.dims().begin(), ix.dims().end() - 1);
    dims.insert(dims.end(), p.dims().begin() + depth, p.dims().end());
    c.setOutput(0, PartialShape(dims));
}

enum class ScatterMode { Update, Add, Sub };

// TensorScatter{Update,Add,Sub}: a copy of `tensor` with the slices at `indices` replaced by,
// increased or decreased by `updates`.
template<ScatterMode M> void tensorScatterKernel(KernelContext& c) {
    const Tensor& tensor = c.input(0);
    const Tensor& indices = c.input(1);
    const Tensor& updates = c.input(2);
    if (indices.rank() < 1) invalidArgument("Indices shape must have rank at least one. Found:", indices.shape().str());
    const int64_t depth = indices.dim(indices.rank() - 1);
    if (depth > tensor.rank())
        invalidArgument("Index innermost dimension length must be <= output rank; saw: ", depth, " vs. ",
                        tensor.rank());
    const int64_t count = depth == 0 ? 0 : indices.numElements() / depth;
    int64_t slice = 1;
    for (int d = static_cast<int>(depth); d < tensor.rank(); ++d) slice *= tensor.dim(d);
    if (updates.numElements() != count * slice)
        invalidArgument("Outer dimensions of indices and update must match. Indices shape: ", indices.shape().str(),
                        ", updates shape:", updates.shape().str());
    const std::vector<int64_t> offsets = tupleOffsets(indices, tensor.shape(), depth, "shape", "");
    Tensor& out = c.allocateOutput(0, tensor.dtype(), tensor.shape());
    auto scatter = [&](auto tag) {
        using T = decltype(tag);
        T* o = out.data<T>();
        std::copy_n(tensor.data<T>(), tensor.numElements(), o);
        const T* u = updates.data<T>();
        for (size_t i = 0; i < offsets.size(); ++i)
            for (int64_t j = 0; j < slice; ++j) {
                T& at = o[offsets[i] + j];
                const T& v = u[static_cast<int64_t>(i) * slice + j];
                if constexpr (M == ScatterMode::Update) at = v;
                else if constexpr (M == ScatterMode::Add) at = static_cast<T>(at + v);
                else at = static_cast<T>(at - v);
            }
    };
    if constexpr (M == ScatterMode::Update) tensor::visitAll(tensor.dtype(), scatter);
    else tensor::visitNative(tensor.dtype(), scatter);
}

void tensorScatterShape(ShapeContext& c) {
    c.setOutput(0, c.inputShape(0));
}

// Unique: the distinct values of a vector in the order they first appear, and each element's
// index among them (a NaN is never equal to another, so each is its own value, as in TF's map).
void uniqueKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    if (x.rank() != 1) invalidArgument("unique expects a 1D vector.");
    const DType idxType = c.attrs().getType("out_idx");
    const int64_t n = x.dim(0);
    std::vector<int64_t> firstOf;
    std::vector<int64_t> idx(static_cast<size_t>(n));
    tensor::visitAll(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        const T* v = x.data<T>();
        std::map<T, int64_t> seen;
        for (int64_t i = 0; i < n; ++i) {
            if constexpr (std::is_floating_point_v<T>)
                if (std::isnan(v[i])) {
                    idx[static_cast<size_t>(i)] = static_cast<int64_t>(firstOf.size());
                    firstOf.push_back(i);
                    continue;
                }
            auto [it, inserted] = seen.emplace(v[i], static_cast<int64_t>(firstOf.size()));
            if (inserted) firstOf.push_back(i);
            idx[static_cast<size_t>(i)] = it->second;
        }
        Tensor& y = c.allocateOutput(0, x.dtype(), TensorShape{ static_cast<int64_t>(firstOf.size()) });
        for (size_t k = 0; k < firstOf.size(); ++k) y.data<T>()[k] = v[firstOf[k]];
    });
    Tensor& out = c.allocateOutput(1, idxType, TensorShape{ n });
    tensor::visitIndex(idxType, [&](auto itag) {
        using I = decltype(itag);
        for (int64_t i = 0; i < n; ++i) out.data<I>()[i] = static_cast<I>(idx[static_cast<size_t>(i)]);
    });
}

void uniqueShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    if (x.hasRank() && x.rank() != 1) invalidArgument("Shape must be rank 1 but is rank ", x.rank());
    c.setOutput(0, PartialShape{ -1 });
    c.setOutput(1, x.hasRank() ? x : PartialShape{ -1 });
}

using G = GradBuilder;
using C = GradContext;

// TF's _GatherNdGrad: the gradient scattered into zeros of params' shape.
std::vector<Sym> gatherNdGrad(G& b, const C& c) {
    const Sym shape = b.op1("Shape", { c.input(0) }, { { "out_type", b.dtype(c.input(1)) } });
    return { b.op1("ScatterNd", { c.input(1), c.grad(0), shape }), Sym{} };
}

// TF's _TensorScatterUpdateGrad / _TensorScatterAddGrad / _TensorScatterSubGrad.
template<ScatterMode M> std::vector<Sym> tensorScatterGrad(G& b, const C& c) {
    const Sym indices = c.input(1);
    const Sym updatesGrad = b.op1("GatherNd", { c.grad(0), indices });
    if constexpr (M == ScatterMode::Update) {
        const Sym zeros = b.op1("ZerosLike", { c.input(2) });
        return { b.op1("TensorScatterUpdate", { c.grad(0), indices, zeros }), Sym{}, updatesGrad };
    } else if constexpr (M == ScatterMode::Add) {
        return { c.grad(0), Sym{}, updatesGrad };
    } else {
        return { c.grad(0), Sym{}, b.op1("Neg", { updatesGrad }) };
    }
}

// TF's _TopKGrad: the values' gradient scattered back to the positions they came from.
std::vector<Sym> topKGrad(G& b, const C& c) {
    const PartialShape in = b.shape(c.input(0));
    if (!in.isFullyDefined()) throw tensor::UnimplementedError("gradient of TopKV2 needs a static input shape for now");
    const int64_t n = in.dims().back(), total = in.numElements();
    const Sym indices = c.output(1);
    const int64_t k = b.shape(indices).dims().back();
    const int64_t rows = n == 0 ? 0 : total / n;
    Tensor offsets(b.dtype(indices), TensorShape{ rows, 1 });
    tensor::visitIndex(offsets.dtype(), [&](auto tag) {
        using I = decltype(tag);
        for (int64_t r = 0; r < rows; ++r) offsets.data<I>()[r] = static_cast<I>(r * n);
    });
    const Sym rows2d = b.op1("Reshape", { indices, grad::intVector(b, { -1, k }) });
    const Sym flat = b.op1("Reshape", { b.op1("AddV2", { rows2d, b.constant(offsets) }), grad::intVector(b, { -1 }) });
    const Sym where = b.op1("ExpandDims", { flat, grad::intScalar(b, -1) });
    Tensor outShape(b.dtype(indices), TensorShape{ 1 });
    tensor::visitIndex(outShape.dtype(),
                       [&](auto tag) { outShape.data<decltype(tag)>()[0] = static_cast<decltype(tag)>(total); });
    const Sym scattered = b.op1(
        "ScatterNd", { where, b.op1("Reshape", { c.grad(0), grad::intVector(b, { -1 }) }), b.constant(outShape) });
    return { b.op1("Reshape", { scattered, grad::intVector(b, in.dims()) }), Sym{} };
}

} // namespace

void registerSelectKernels() {
    const DTypeMask real = tensor::kIntTypes | maskOf(DType::Float32, DType::Float64);
    defineOp("TopKV2").kernel(topKKernel, real).viaFloat().shape(topKShape).grad(topKGrad);
    defineOp("ScatterNd").kernel(scatterNdKernel, real).viaFloat().shape(scatterNdShape);
    defineOp("Unique").kernel(uniqueKernel, tensor::kAllTypes).shape(uniqueShape).notDifferentiable();
    defineOp("GatherNd").kernel(gatherNdKernel, tensor::kAnyTypes, "Tparams").shape(gatherNdShape).grad(gatherNdGrad);
    defineOp("TensorScatterUpdate")
        .kernel(tensorScatterKernel<ScatterMode::Update>, tensor::kAllTypes)
        .shape(tensorScatterShape)
        .grad(tensorScatterGrad<ScatterMode::Update>);
    defineOp("TensorScatterAdd")
        .kernel(tensorScatterKernel<ScatterMode::Add>, real)
        .viaFloat()
        .shape(tensorScatterShape)
        .grad(tensorScatterGrad<ScatterMode::Add>);
    defineOp("TensorScatterSub")
        .kernel(tensorScatterKernel<ScatterMode::Sub>, real)
        .viaFloat()
        .shape(tensorScatterShape)
        .grad(tensorScatterGrad<ScatterMode::Sub>);
}

} // namespace graphlens::ops
