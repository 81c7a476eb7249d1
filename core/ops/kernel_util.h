#pragma once
// Shared by the kernel, shape and gradient files; not part of the public API.
#include <cstring>
#include <optional>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "core/ops/gradient.h"
#include "core/ops/registry.h"
#include "core/tensor/dispatch.h"

namespace graphlens::ops {

// Integer arithmetic as TF's kernels compute it on x86: two's complement, wrapping. C++ leaves a
// signed overflow undefined, and INT_MIN / -1 traps (SIGFPE), so these compute in unsigned and
// treat a divisor of -1 apart (quotient -a, remainder 0). Divisors of 0 are the caller's check.
template<class T>
using WrapUnsigned = std::conditional_t<(sizeof(T) < sizeof(unsigned)), unsigned, std::make_unsigned_t<T>>;
template<class T> T wrapAdd(T a, T b) {
    return static_cast<T>(static_cast<WrapUnsigned<T>>(a) + static_cast<WrapUnsigned<T>>(b));
}
template<class T> T wrapSub(T a, T b) {
    return static_cast<T>(static_cast<WrapUnsigned<T>>(a) - static_cast<WrapUnsigned<T>>(b));
}
template<class T> T wrapMul(T a, T b) {
    return static_cast<T>(static_cast<WrapUnsigned<T>>(a) * static_cast<WrapUnsigned<T>>(b));
}
template<class T> T wrapNeg(T a) {
    return static_cast<T>(WrapUnsigned<T>(0) - static_cast<WrapUnsigned<T>>(a));
}
// a / b and a % b truncated toward zero, b != 0.
template<class T> T wrapDiv(T a, T b) {
    if constexpr (std::is_signed_v<T>)
        if (b == T(-1)) return wrapNeg(a);
    return static_cast<T>(a / b);
}
template<class T> T wrapMod(T a, T b) {
    if constexpr (std::is_signed_v<T>)
        if (b == T(-1)) return T(0);
    return static_cast<T>(a % b);
}

using tensor::Allocator;
using tensor::DTypeMask;
using tensor::InvalidArgumentError;
using tensor::kIsComplex;
using tensor::maskOf;

void registerMathKernels();
void registerUnaryKernels();
void registerCastKernels();
void registerComplexKernels(); // after the ops it adds kernels to
void registerEinsumKernels();
void registerMatMulKernels();
void registerReduceKernels();
void registerArrayKernels();
void registerPadKernels();
void registerSelectKernels();
void registerLinalgKernels();
void registerDepthwiseKernels();
void registerShapeOpKernels();
void registerSliceKernels();
void registerNnKernels();
void registerConvKernels();
void registerPoolKernels();
void registerBatchNormKernels();
void registerMathGradients();
void registerNnGradients();
void registerArrayGradients();
void registerStateKernels();
void registerRandomKernels();
void registerImageKernels();
void registerListKernels();
void registerStringKernels();
void registerStringTextKernels();
void registerSparseKernels();
void registerStateGradients();
void registerFusedKernels();
void registerFusedElementwiseKernels();

// Checks input dtypes against the OpDef and infers type, number and type-list attrs (execute.cpp).
void bindInputs(const OpInfo& op, std::span<const DType> types, const AttrMap& attrs, ResolvedAttrs& ra);
// What bindInputs throws for an input of a dtype the OpDef rejects: the eager kernel's words as
// its message, and graph construction's (op_def_library: "Input 'y' of 'AddV2' Op has type string
// that does not match type float32 of argument 'x'.") for a graph being built.
class InputTypeError : public tensor::InvalidArgumentError {
public:
    InputTypeError(const std::string& eagerMessage, std::string graphMessage)
        : InvalidArgumentError(eagerMessage)
        , m_graphMessage(std::move(graphMessage)) { }
    const std::string& graphMessage() const { return m_graphMessage; }

private:
    std::string m_graphMessage;
};

template<class... A> std::string strCat(const A&... parts) {
    std::ostringstream os;
    (os << ... << parts);
    return os.str();
}
template<class... A> [[noreturn]] void invalidArgument(const A&... parts) {
    throw InvalidArgumentError(strCat(parts...));
}

// Output `output` for an elementwise kernel: written over input `input` when that input has the
// output's dtype and shape and nobody else holds its buffer (the graph executor moved its last
// use in; eager inputs are always held by their Python tensors), else a new buffer. The kernel
// must read each element before it writes the same element.
inline Tensor& reuseOrAllocateOutput(KernelContext& c, int output, int input, DType dtype, const TensorShape& shape) {
    const Tensor& in = c.input(input);
    if (in.dtype() == dtype && in.ownsBufferAlone() && in.shape() == shape) {
        c.setOutput(output, in);
        return c.outputs()[static_cast<size_t>(output)];
    }
    return c.allocateOutput(output, dtype, shape);
}

// "[2,3]" for error texts.
inline std::string shapeStr(const TensorShape& s) {
    return s.str();
}

// Axis in [-rank, rank) → [0, rank); -1 when out of range.
inline int canonicalAxis(int64_t axis, int rank) {
    if (axis < -rank || axis >= rank) return -1;
    return static_cast<int>(axis < 0 ? axis + rank : axis);
}

// Numpy broadcasting of two shapes. Coalesces adjacent dims so that the loops run over as few
// dims as possible; strides are in elements, 0 where an input is broadcast.
struct Broadcast {
    bool ok = false;
    TensorShape outShape;
    std::vector<int64_t> dims;     // coalesced output dims
    std::vector<int64_t> xStrides; // per coalesced dim
    std::vector<int64_t> yStrides;
    bool sameShape = false;
    Broadcast(const TensorShape& x, const TensorShape& y);
};
// TensorFlow's error for incompatible shapes: "Incompatible shapes: [2,3] vs. [4]".
[[noreturn]] void throwIncompatibleShapes(const TensorShape& x, const TensorShape& y);
// Broadcast shape of two partial shapes (shape functions); throws when they cannot broadcast.
PartialShape broadcastPartial(const PartialShape& x, const PartialShape& y);
// Shape inference's Merge: the shape both denote, or TF's InvalidArgument naming where they differ.
PartialShape mergeShapes(const PartialShape& a, const PartialShape& b);

// Calls f(outIndex, xIndex, yIndex, count) for contiguous-or-strided runs of the innermost dim:
// f gets the run's start offsets and the x/y strides of the innermost dim via the Broadcast.
template<class F> void forEachBroadcastRun(const Broadcast& b, F&& f) {
    const int nd = static_cast<int>(b.dims.size());
    if (nd == 0) {
        f(int64_t{ 0 }, int64_t{ 0 }, int64_t{ 0 }, int64_t{ 1 }, int64_t{ 0 }, int64_t{ 0 });
        return;
    }
    const int64_t inner = b.dims[static_cast<size_t>(nd - 1)];
    const int64_t xs = b.xStrides[static_cast<size_t>(nd - 1)], ys = b.yStrides[static_cast<size_t>(nd - 1)];
    int64_t total = 1;
    for (int64_t d : b.dims) total *= d;
    if (total == 0) return;
    std::vector<int64_t> idx(static_cast<size_t>(nd), 0);
    int64_t xo = 0, yo = 0;
    for (int64_t out = 0; out < total; out += inner) {
        f(out, xo, yo, inner, xs, ys);
        for (int d = nd - 2; d >= 0; --d) {
            const auto du = static_cast<size_t>(d);
            if (++idx[du] < b.dims[du]) {
                xo += b.xStrides[du];
                yo += b.yStrides[du];
                break;
            }
            xo -= b.xStrides[du] * (b.dims[du] - 1);
            yo -= b.yStrides[du] * (b.dims[du] - 1);
            idx[du] = 0;
        }
    }
}

// Copies `count` elements of any dtype (strings by assignment).
inline void copyElements(const Tensor& src, int64_t srcOffset, Tensor& dst, int64_t dstOffset, int64_t count) {
    if (count <= 0) return;
    if (tensor::isObjectDType(src.dtype())) {
        tensor::visitObject(src.dtype(), [&](auto tag) {
            using T = decltype(tag);
            const T* s = src.data<T>() + srcOffset;
            T* d = dst.data<T>() + dstOffset;
            for (int64_t i = 0; i < count; ++i) d[i] = s[i];
        });
        return;
    }
    const size_t es = tensor::dtypeSize(src.dtype());
    std::memcpy(static_cast<char*>(dst.rawData()) + static_cast<size_t>(dstOffset) * es,
                static_cast<const char*>(src.rawData()) + static_cast<size_t>(srcOffset) * es,
                static_cast<size_t>(count) * es);
}

// Integer values of a shape-like or axis-like input (int32 or int64).
inline std::vector<int64_t> intValues(const Tensor& t) {
    return t.toInt64Vector();
}
// Input i as a TensorShape (rejects negative dims with TF's message).
TensorShape shapeFromTensor(const Tensor& t, const char* what = "Dimension");

// Shape functions shared by many ops.
void shapeUnchanged(ShapeContext& c);       // output 0 = input 0
void shapeBroadcastBinary(ShapeContext& c); // numpy broadcast of inputs 0 and 1
void shapeScalar(ShapeContext& c);

// Row-major strides of a shape.
inline std::vector<int64_t> stridesOf(const TensorShape& s) {
    std::vector<int64_t> st(static_cast<size_t>(s.rank()), 1);
    for (int i = s.rank() - 2; i >= 0; --i) st[static_cast<size_t>(i)] = st[static_cast<size_t>(i + 1)] * s.dim(i + 1);
    return st;
}

} // namespace graphlens::ops

namespace graphlens::ops {
// out[p] = src[base + sum(p_i * srcStrides_i)] for every index p of outShape (any dtype).
Tensor stridedGather(const Tensor& src, int64_t base, const std::vector<int64_t>& srcStrides,
                     const TensorShape& outShape, Allocator* allocator);
// dst[base + sum(p_i * dstStrides_i)] = src[p] for every index p of src's shape.
void stridedScatter(const Tensor& src, Tensor& dst, int64_t base, const std::vector<int64_t>& dstStrides);
// dst[begin:end:strides] = value with StridedSlice's attrs (masks) in `attrs` (in place).
void stridedSliceAssign(Tensor& dst, const Tensor& begin, const Tensor& end, const Tensor& strides, const Tensor& value,
                        const ResolvedAttrs& attrs);
} // namespace graphlens::ops
