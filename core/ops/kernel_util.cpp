#include "core/ops/kernel_util.h"

namespace graphlens::ops {

void throwIncompatibleShapes(const TensorShape& x, const TensorShape& y) {
    invalidArgument("Incompatible shapes: ", x.str(), " vs. ", y.str());
}

Broadcast::Broadcast(const TensorShape& x, const TensorShape& y) {
    sameShape = x == y;
    const int rank = std::max(x.rank(), y.rank());
    std::vector<int64_t> xd(static_cast<size_t>(rank), 1), yd(static_cast<size_t>(rank), 1);
    for (int i = 0; i < x.rank(); ++i) xd[static_cast<size_t>(rank - x.rank() + i)] = x.dim(i);
    for (int i = 0; i < y.rank(); ++i) yd[static_cast<size_t>(rank - y.rank() + i)] = y.dim(i);
    std::vector<int64_t> out(static_cast<size_t>(rank)), xs(static_cast<size_t>(rank)), ys(static_cast<size_t>(rank));
    int64_t xStride = 1, yStride = 1;
    for (int i = rank - 1; i >= 0; --i) {
        const auto u = static_cast<size_t>(i);
        if (xd[u] == yd[u]) out[u] = xd[u];
        else if (xd[u] == 1) out[u] = yd[u];
        else if (yd[u] == 1) out[u] = xd[u];
        else throwIncompatibleShapes(x, y);
        xs[u] = xd[u] == 1 ? 0 : xStride;
        ys[u] = yd[u] == 1 ? 0 : yStride;
        xStride *= xd[u];
        yStride *= yd[u];
    }
    outShape = TensorShape(out);
    // Coalesce: drop size-1 dims, merge neighbours that step both inputs contiguously.
    for (int i = 0; i < rank; ++i) {
        const auto u = static_cast<size_t>(i);
        if (out[u] == 1) continue;
        if (!dims.empty()) {
            const int64_t d = out[u];
            if (xStrides.back() == xs[u] * d && yStrides.back() == ys[u] * d) {
                dims.back() *= d;
                xStrides.back() = xs[u];
                yStrides.back() = ys[u];
                continue;
            }
        }
        dims.push_back(out[u]);
        xStrides.push_back(xs[u]);
        yStrides.push_back(ys[u]);
    }
    ok = true;
}

PartialShape mergeShapes(const PartialShape& a, const PartialShape& b) {
    if (std::optional<PartialShape> merged = a.merge(b)) return *merged;
    if (a.rank() != b.rank()) invalidArgument("Shapes must be equal rank, but are ", a.rank(), " and ", b.rank());
    for (int i = 0;; ++i)
        if (a.dim(i) >= 0 && b.dim(i) >= 0 && a.dim(i) != b.dim(i))
            invalidArgument("Dimension ", i, " in both shapes must be equal, but are ", a.dim(i), " and ", b.dim(i),
                            ". Shapes are ", a.str(), " and ", b.str(), ".");
}

PartialShape broadcastPartial(const PartialShape& x, const PartialShape& y) {
    if (!x.hasRank() || !y.hasRank()) return PartialShape::unknown();
    const int rank = std::max(x.rank(), y.rank());
    std::vector<int64_t> out(static_cast<size_t>(rank));
    for (int i = 0; i < rank; ++i) {
        const int xi = i - (rank - x.rank()), yi = i - (rank - y.rank());
        const int64_t a = xi >= 0 ? x.dim(xi) : 1, b = yi >= 0 ? y.dim(yi) : 1;
        int64_t d;
        if (a == 1) d = b;
        else if (b == 1) d = a;
        else if (a < 0) d = b;
        else if (b < 0) d = a;
        else if (a == b) d = a;
        else invalidArgument("Dimensions must be equal, but are ", a, " and ", b);
        out[static_cast<size_t>(i)] = d;
    }
    return PartialShape(std::move(out));
}

TensorShape shapeFromTensor(const Tensor& t, const char* what) {
    if (t.rank() > 1) invalidArgument("shape must be a vector of {int32,int64}, got shape ", t.shape().str());
    TensorShape s;
    const std::vector<int64_t> dims = t.toInt64Vector();
    int64_t elements = 1;
    for (int64_t d : dims) {
        if (d < 0) invalidArgument(what, " ", d, " must be >= 0");
        // TF's TensorShapeUtils::MakeShape: the element count must fit an int64.
        if (__builtin_mul_overflow(elements, d, &elements)) {
            std::string text;
            for (size_t i = 0; i < dims.size(); ++i) text += (i ? "," : "") + std::to_string(dims[i]);
            invalidArgument("Shape [", text, "] would have more than 2**63 - 1 elements");
        }
        s.addDim(d);
    }
    return s;
}

void shapeUnchanged(ShapeContext& c) {
    c.setOutput(0, c.inputShape(0));
}

void shapeBroadcastBinary(ShapeContext& c) {
    c.setOutput(0, broadcastPartial(c.inputShape(0), c.inputShape(1)));
}

void shapeScalar(ShapeContext& c) {
    c.setOutput(0, PartialShape(std::vector<int64_t>{}));
}

} // namespace graphlens::ops
