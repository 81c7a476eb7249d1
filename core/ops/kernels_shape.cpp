// Ops about shapes and identity: Reshape, Shape, Size, Rank, ExpandDims, Squeeze, Identity(N),
// StopGradient, Const, Fill, ZerosLike, OnesLike, Range, BroadcastGradientArgs, and the gradient
// helpers InvertPermutation (Transpose's), ConcatOffset and ShapeN (ConcatV2's).
#include <cmath>

#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

constexpr DTypeMask kNative = tensor::kIntTypes | maskOf(DType::Float32, DType::Float64);

// Reshape's target with -1 resolved; TF's errors.
TensorShape reshapeTarget(int64_t numElements, const std::vector<int64_t>& dims) {
    int unknown = -1;
    int64_t product = 1;
    TensorShape out;
    for (size_t i = 0; i < dims.size(); ++i) {
        if (dims[i] == -1) {
            if (unknown >= 0) invalidArgument("Only one input size may be -1, not both ", unknown, " and ", i);
            unknown = static_cast<int>(i);
            out.addDim(1);
            continue;
        }
        if (dims[i] < 0) invalidArgument("Size ", i, " must be non-negative, not ", dims[i]);
        product *= dims[i];
        out.addDim(dims[i]);
    }
    if (unknown >= 0) {
        if (product == 0 || numElements % product != 0)
            invalidArgument("Input to reshape is a tensor with ", numElements,
                            " values, but the requested shape requires a multiple of ", product);
        out.setDim(unknown, numElements / product);
    } else if (product != numElements) {
        invalidArgument("Input to reshape is a tensor with ", numElements, " values, but the requested shape has ",
                        product);
    }
    return out;
}

void reshapeKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& shape = c.input(1);
    if (shape.rank() > 1) invalidArgument("sizes input must be 1-D, not ", shape.shape().str());
    c.setOutput(0, x.reshaped(reshapeTarget(x.numElements(), shape.toInt64Vector())));
}

// With the input's size known, TF's shape function rejects a target it cannot match, so that a
// traced function fails when traced (ValueError), not when run.
void reshapeShape(ShapeContext& c) {
    PartialShape target = c.shapeFromInput(1);
    const PartialShape& in = c.inputShape(0);
    if (target.hasRank() && in.isFullyDefined()) {
        int unknown = 0;
        int64_t known = 1;
        for (int64_t d : target.dims()) {
            unknown += d < 0;
            if (d >= 0) known *= d;
        }
        const int64_t n = in.numElements();
        if (unknown == 0 && known != n)
            invalidArgument("Cannot reshape a tensor with ", n, " elements to shape ", target.str(), " (", known,
                            " elements)");
        if (unknown == 1 && known != 0 && n % known != 0)
            invalidArgument("Dimension size must be evenly divisible by ", known, " but is ", n);
        if (unknown == 1) {
            std::vector<int64_t> dims = target.dims();
            for (auto& d : dims)
                if (d < 0) d = known == 0 ? 0 : n / known;
            target = PartialShape(dims);
        }
    }
    c.setOutput(0, target);
}

template<class T> Tensor intVectorTensor(const std::vector<int64_t>& v, DType dt) {
    if (dt == DType::Int64) return Tensor::fromVector(v);
    return Tensor::fromVector(std::vector<int32_t>(v.begin(), v.end()));
}

void shapeKernel(KernelContext& c) {
    c.setOutput(0, intVectorTensor<int64_t>(c.input(0).shape().dims(), c.attrs().getType("out_type")));
}
void shapeShape(ShapeContext& c) {
    c.setOutput(0, c.inputShape(0).hasRank() ? PartialShape{ c.inputShape(0).rank() } : PartialShape{ -1 });
}
void sizeKernel(KernelContext& c) {
    const int64_t n = c.input(0).numElements();
    c.setOutput(0,
                c.attrs().getType("out_type") == DType::Int64 ? Tensor::scalar<int64_t>(n)
                                                              : Tensor::scalar<int32_t>(static_cast<int32_t>(n)));
}
void rankKernel(KernelContext& c) {
    c.setOutput(0, Tensor::scalar<int32_t>(c.input(0).rank()));
}

void expandDimsKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const auto axes = c.input(1).toInt64Vector();
    if (axes.size() != 1) invalidArgument("'dim' must be a tensor with a single value");
    int64_t axis = axes[0];
    if (axis < -1 - x.rank() || axis > x.rank())
        invalidArgument("Tried to expand dim index ", axis, " for tensor with ", x.rank(), " dimensions.");
    if (axis < 0) axis += x.rank() + 1;
    TensorShape s = x.shape();
    s.insertDim(static_cast<int>(axis), 1);
    c.setOutput(0, x.reshaped(s));
}
void expandDimsShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const Tensor* axis = c.inputValue(1);
    if (!x.hasRank()) return c.setOutput(0, PartialShape::unknown());
    if (!axis) return c.setOutput(0, PartialShape::unknownOfRank(x.rank() + 1));
    int64_t a = axis->toInt64Vector().at(0);
    if (a < -1 - x.rank() || a > x.rank())
        invalidArgument("Tried to expand dim index ", a, " for tensor with ", x.rank(), " dimensions.");
    if (a < 0) a += x.rank() + 1;
    std::vector<int64_t> dims = x.dims();
    dims.insert(dims.begin() + a, 1);
    c.setOutput(0, PartialShape(dims));
}

std::vector<int64_t> squeezed(const PartialShape& x, const std::vector<int64_t>& axes) {
    std::vector<bool> drop(static_cast<size_t>(x.rank()), false);
    for (int64_t a : axes) {
        // The kernel reads squeeze_dims as int32s, as TF's does (and says so first).
        if (a != static_cast<int32_t>(a))
            invalidArgument("Attr squeeze_dims has value ", a, " out of range for an int32");
        const int ca = canonicalAxis(a, x.rank());
        if (ca < 0) invalidArgument("Tried to squeeze dim index ", a, " for tensor with ", x.rank(), " dimensions.");
        if (x.dim(ca) != 1 && x.dim(ca) >= 0)
            invalidArgument("Can not squeeze dim[", ca, "], expected a dimension of 1, got ", x.dim(ca));
        drop[static_cast<size_t>(ca)] = true;
    }
    std::vector<int64_t> out;
    for (int i = 0; i < x.rank(); ++i) {
        const bool d = axes.empty() ? x.dim(i) == 1 : drop[static_cast<size_t>(i)];
        if (!d) out.push_back(x.dim(i));
    }
    return out;
}
void squeezeKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    c.setOutput(0, x.reshaped(TensorShape(squeezed(x.shape(), c.attrs().getInts("squeeze_dims")))));
}
void squeezeShape(ShapeContext& c) {
    const PartialShape& x = c.inputShape(0);
    const auto& axes = c.attrs().getInts("squeeze_dims");
    if (!x.hasRank() || (axes.empty() && !x.isFullyDefined())) return c.setOutput(0, PartialShape::unknown());
    c.setOutput(0, PartialShape(squeezed(x, axes)));
}

void identityKernel(KernelContext& c) {
    c.setOutput(0, c.input(0));
}
void identityNKernel(KernelContext& c) {
    for (int i = 0; i < c.numInputs(); ++i) c.setOutput(i, c.input(i));
}
void identityNShape(ShapeContext& c) {
    for (int i = 0; i < c.numInputs(); ++i) c.setOutput(i, c.inputShape(i));
}

void constKernel(KernelContext& c) {
    const Tensor& v = c.attrs().get<Tensor>("value");
    if (v.dtype() != c.attrs().getType("dtype"))
        invalidArgument("Type mismatch between value (", tensor::dtypeCppName(v.dtype()), ") and dtype (",
                        tensor::dtypeCppName(c.attrs().getType("dtype")), ")");
    c.setOutput(0, v);
}
void constShape(ShapeContext& c) {
    c.setOutput(0, c.attrs().get<Tensor>("value").shape());
}

void fillKernel(KernelContext& c) {
    const Tensor& dims = c.input(0);
    const Tensor& value = c.input(1);
    if (dims.rank() != 1) invalidArgument("dims must be a vector, got shape ", dims.shape().str());
    if (value.rank() != 0) invalidArgument("value must be a scalar, got shape ", value.shape().str());
    Tensor& out = c.allocateOutput(0, value.dtype(), shapeFromTensor(dims));
    if (value.dtype() == DType::String) {
        for (auto& s : out.flat<std::string>()) s = value.item<std::string>();
        return;
    }
    const size_t es = tensor::dtypeSize(value.dtype());
    auto* dst = static_cast<char*>(out.rawData());
    for (int64_t i = 0; i < out.numElements(); ++i) std::memcpy(dst + static_cast<size_t>(i) * es, value.rawData(), es);
}
void fillShape(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(0));
}

void zerosLikeKernel(KernelContext& c) {
    c.setOutput(0, Tensor::zeros(c.input(0).dtype(), c.input(0).shape(), c.device()->allocator()));
}
void onesLikeKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    Tensor& out = c.allocateOutput(0, x.dtype(), x.shape());
    if (x.dtype() == DType::Bool) {
        for (auto& b : out.flat<bool>()) b = true;
        return;
    }
    auto fill = [&](auto tag) {
        using T = decltype(tag);
        for (auto& v : out.flat<T>()) v = T(1);
    };
    if (tensor::isComplex(x.dtype())) tensor::visitComplex(x.dtype(), fill);
    else tensor::visitReal(x.dtype(), fill);
}

void rangeKernel(KernelContext& c) {
    for (int i = 0; i < 3; ++i)
        if (c.input(i).rank() != 0)
            invalidArgument(i == 0       ? "start"
                                : i == 1 ? "limit"
                                         : "delta",
                            " must be a scalar, not shape ", c.input(i).shape().str());
    tensor::visitNative(c.input(0).dtype(), [&](auto tag) {
        using T = decltype(tag);
        const T start = c.input(0).item<T>(), limit = c.input(1).item<T>(), delta = c.input(2).item<T>();
        if (delta == T(0)) invalidArgument("Requires delta != 0: ", +delta);
        if (delta > 0 && start > limit)
            invalidArgument("Requires start <= limit when delta > 0: ", +start, "/", +limit);
        if (delta < 0 && start < limit)
            invalidArgument("Requires start >= limit when delta < 0: ", +start, "/", +limit);
        int64_t size;
        if constexpr (std::is_integral_v<T>)
            size = (std::abs(static_cast<int64_t>(limit) - static_cast<int64_t>(start)) +
                    std::abs(static_cast<int64_t>(delta)) - 1) /
                std::abs(static_cast<int64_t>(delta));
        else
            size = static_cast<int64_t>(std::ceil(
                std::abs((static_cast<double>(limit) - static_cast<double>(start)) / static_cast<double>(delta))));
        Tensor& out = c.allocateOutput(0, c.input(0).dtype(), TensorShape{ size });
        T v = start;
        for (int64_t i = 0; i < size; ++i, v = static_cast<T>(v + delta)) out.data<T>()[i] = v;
    });
}
void rangeShape(ShapeContext& c) {
    const Tensor *s = c.inputValue(0), *l = c.inputValue(1), *d = c.inputValue(2);
    if (!s || !l || !d) return c.setOutput(0, PartialShape{ -1 });
    const double start = s->toDoubleVector()[0], limit = l->toDoubleVector()[0], delta = d->toDoubleVector()[0];
    if (delta == 0) invalidArgument("Requires delta != 0");
    c.setOutput(0, PartialShape{ static_cast<int64_t>(std::ceil(std::abs((limit - start) / delta))) });
}

// Which dims each input was broadcast along (summed over in gradients); TF's BCast rules.
void broadcastGradientArgsKernel(KernelContext& c) {
    const auto x = c.input(0).toInt64Vector(), y = c.input(1).toInt64Vector();
    const size_t rank = std::max(x.size(), y.size());
    std::vector<int64_t> rx, ry;
    for (size_t i = 0; i < rank && x != y; ++i) {
        const int64_t xd = i < rank - x.size() ? 1 : x[i - (rank - x.size())];
        const int64_t yd = i < rank - y.size() ? 1 : y[i - (rank - y.size())];
        if (xd != yd && xd != 1 && yd != 1) throwIncompatibleShapes(TensorShape(x), TensorShape(y));
        if (xd == 1 && yd == 1) {
            rx.push_back(static_cast<int64_t>(i));
            ry.push_back(static_cast<int64_t>(i));
        } else if (xd == 1) {
            rx.push_back(static_cast<int64_t>(i));
        } else if (yd == 1) {
            ry.push_back(static_cast<int64_t>(i));
        }
    }
    const DType dt = c.input(0).dtype();
    c.setOutput(0, intVectorTensor<int64_t>(rx, dt));
    c.setOutput(1, intVectorTensor<int64_t>(ry, dt));
}
void broadcastGradientArgsShape(ShapeContext& c) {
    c.setOutput(0, PartialShape{ -1 });
    c.setOutput(1, PartialShape{ -1 });
}

void invertPermutationKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    if (x.rank() != 1) invalidArgument("invert_permutation expects a 1D vector.");
    const auto perm = x.toInt64Vector();
    const auto n = static_cast<int64_t>(perm.size());
    std::vector<int64_t> inverse(perm.size(), -1);
    for (int64_t i = 0; i < n; ++i) {
        const int64_t d = perm[static_cast<size_t>(i)];
        if (d < 0 || d >= n) invalidArgument(d, " is not between 0 and ", n);
        if (inverse[static_cast<size_t>(d)] != -1) invalidArgument(d, " is duplicated in the input.");
        inverse[static_cast<size_t>(d)] = i;
    }
    c.setOutput(0, intVectorTensor<int64_t>(inverse, x.dtype()));
}

// Where each input of a concatenation starts: the running sum of the sizes along the axis.
void concatOffsetKernel(KernelContext& c) {
    const Tensor& axisTensor = c.input(0);
    if (axisTensor.rank() != 0)
        invalidArgument("Concat dim tensor should be a scalar integer, but got shape ", axisTensor.shape().str());
    const int n = c.numInputs() - 1;
    const auto first = c.input(1).toInt64Vector();
    const auto rank = static_cast<int64_t>(first.size());
    int64_t axis = axisTensor.toInt64Vector()[0];
    if (axis < 0) axis += rank;
    if (axis < 0 || axis >= rank)
        invalidArgument("Concat dim is out of range: ", axisTensor.toInt64Vector()[0], " vs. ", rank);
    int64_t offset = 0;
    for (int i = 0; i < n; ++i) {
        const auto shape = c.input(i + 1).toInt64Vector();
        if (static_cast<int64_t>(shape.size()) != rank)
            invalidArgument("input ", i, " should contain ", rank, " elements, but got ", shape.size());
        std::vector<int64_t> out(shape.size(), 0);
        auto text = [](const std::vector<int64_t>& dims) {
            std::string joined = "[";
            for (size_t k = 0; k < dims.size(); ++k) joined += (k ? " " : "") + std::to_string(dims[k]);
            return joined + "]";
        };
        for (int64_t d = 0; d < rank; ++d)
            if (d != axis && shape[static_cast<size_t>(d)] != first[static_cast<size_t>(d)])
                invalidArgument("All dimensions except ", axis, " must match. Input ", i, " has shape ", text(shape),
                                " and doesn't match input 0 with shape ", text(first), ".");
        out[static_cast<size_t>(axis)] = offset;
        offset += shape[static_cast<size_t>(axis)];
        c.setOutput(i, intVectorTensor<int64_t>(out, c.input(i + 1).dtype()));
    }
}

void shapeNKernel(KernelContext& c) {
    const DType outType = c.attrs().getType("out_type");
    for (int i = 0; i < c.numInputs(); ++i)
        c.setOutput(i, intVectorTensor<int64_t>(c.input(i).shape().dims(), outType));
}

void shapeNShape(ShapeContext& c) {
    for (int i = 0; i < c.numInputs(); ++i) {
        const PartialShape& s = c.inputShape(i);
        c.setOutput(i, s.hasRank() ? PartialShape{ s.rank() } : PartialShape{ -1 });
    }
}

void concatOffsetShape(ShapeContext& c) {
    for (int i = 1; i < c.numInputs(); ++i) c.setOutput(i - 1, c.inputShape(i));
}

} // namespace

void registerShapeOpKernels() {
    defineOp("Reshape").kernel(reshapeKernel).shape(reshapeShape);
    defineOp("Shape").kernel(shapeKernel).shape(shapeShape).notDifferentiable();
    defineOp("Size").kernel(sizeKernel).shape(shapeScalar).notDifferentiable();
    defineOp("Rank").kernel(rankKernel).shape(shapeScalar).notDifferentiable();
    defineOp("ExpandDims").kernel(expandDimsKernel).shape(expandDimsShape);
    defineOp("Squeeze").kernel(squeezeKernel).shape(squeezeShape);
    defineOp("Identity").kernel(identityKernel).shape(shapeUnchanged);
    defineOp("IdentityN").kernel(identityNKernel, tensor::kAnyTypes, "").shape(identityNShape);
    defineOp("StopGradient").kernel(identityKernel).shape(shapeUnchanged).notDifferentiable();
    defineOp("PreventGradient").kernel(identityKernel).shape(shapeUnchanged);
    defineOp("Const").kernel(constKernel, tensor::kAnyTypes, "dtype").shape(constShape).notDifferentiable();
    defineOp("Fill").kernel(fillKernel).shape(fillShape);
    defineOp("ZerosLike").kernel(zerosLikeKernel).shape(shapeUnchanged).notDifferentiable();
    defineOp("OnesLike").kernel(onesLikeKernel).shape(shapeUnchanged).notDifferentiable();
    defineOp("Range").kernel(rangeKernel, kNative, "Tidx").viaFloat().shape(rangeShape).notDifferentiable();
    defineOp("BroadcastGradientArgs")
        .kernel(broadcastGradientArgsKernel)
        .shape(broadcastGradientArgsShape)
        .notDifferentiable();
    defineOp("InvertPermutation")
        .kernel(invertPermutationKernel, maskOf(DType::Int32, DType::Int64))
        .shape(shapeUnchanged)
        .notDifferentiable();
    defineOp("ShapeN").kernel(shapeNKernel).shape(shapeNShape).notDifferentiable();
    defineOp("ConcatOffset")
        .kernel(concatOffsetKernel, tensor::kAllTypes, "")
        .shape(concatOffsetShape)
        .notDifferentiable();
}

} // namespace graphlens::ops
