// Element-wise unary ops, activations and the activations' gradient ops, ClipByValue.
#include <cmath>
#include <limits>

#include "core/ops/kernel_util.h"
#include "core/ops/tf_math.h"

namespace graphlens::ops {

namespace {

using tensor::visitFloat;
using tensor::visitNative;

constexpr DTypeMask kNative = tensor::kIntTypes | maskOf(DType::Float32, DType::Float64);
constexpr DTypeMask kNativeFloat = maskOf(DType::Float32, DType::Float64);
constexpr DTypeMask kSigned =
    maskOf(DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::Float32, DType::Float64);

// WithComplex, FloatWithComplex: also complex64/complex128
enum class Types { Native, Float, WithComplex, FloatWithComplex };

template<class Op, Types types> void unaryKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    auto run = [&](auto tag) {
        using T = decltype(tag);
        Op op{ c };
        Tensor& y = reuseOrAllocateOutput(c, 0, 0, x.dtype(), x.shape());
        const T* xp = x.data<T>();
        T* yp = y.data<T>();
        const int64_t n = x.numElements();
        for (int64_t i = 0; i < n; ++i) yp[i] = op(xp[i]);
    };
    if constexpr (types == Types::WithComplex || types == Types::FloatWithComplex)
        if (tensor::isComplex(x.dtype())) return tensor::visitComplex(x.dtype(), run);
    if constexpr (types == Types::Float || types == Types::FloatWithComplex) visitFloat(x.dtype(), run);
    else visitNative(x.dtype(), run);
}

// Functors take the context so that attr-driven ones (LeakyRelu's alpha) read it once.
struct Stateless {
    explicit Stateless(const KernelContext&) { }
};
// Integers wrap: -INT_MIN and |INT_MIN| are INT_MIN, as TF gives (kernel_util.h).
struct NegF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T v) const {
        if constexpr (std::is_integral_v<T>) return wrapNeg(v);
        else return -v;
    }
};
struct AbsF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T v) const {
        if constexpr (std::is_integral_v<T>) return v < 0 ? wrapNeg(v) : v;
        else if constexpr (std::is_floating_point_v<T>) return std::fabs(v); // |-0| is +0, as TF's
        else return v < 0 ? -v : v;
    }
};
struct SquareF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T v) const {
        if constexpr (std::is_integral_v<T>) return wrapMul(v, v);
        else return static_cast<T>(v * v);
    }
};
struct SignF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T v) const {
        if constexpr (!std::is_integral_v<T>)
            if (std::isnan(v)) return v;
        return static_cast<T>((T(0) < v) - (v < T(0)));
    }
};
// NaN stays NaN, as TF's max(x, 0) gives.
struct ReluF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T v) const { return v < T(0) ? T(0) : v; }
};
struct Relu6F : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T v) const { return v < T(0) ? T(0) : (v > T(6) ? T(6) : v); }
};
#define GRAPHLENS_FLOAT_FN(Name, expr)                                                                                 \
    struct Name : Stateless {                                                                                          \
        using Stateless::Stateless;                                                                                    \
        template<class T> T operator()(T v) const { return expr; }                                                     \
    };
GRAPHLENS_FLOAT_FN(ReciprocalF, T(1) / v)
GRAPHLENS_FLOAT_FN(FloorF, std::floor(v))
GRAPHLENS_FLOAT_FN(CeilF, std::ceil(v))
GRAPHLENS_FLOAT_FN(RoundF, std::nearbyint(v)) // half to even, as TF's Round
#undef GRAPHLENS_FLOAT_FN
// Functions TF evaluates with Eigen's packet math: `lane` on whole packets, `scalar` on the rest
// (tf_math.h).
template<class Fn> void tfMathKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    visitFloat(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& y = reuseOrAllocateOutput(c, 0, 0, x.dtype(), x.shape());
        const tfmath::FlushDenormals flush;
        tfmath::forEach(
            x.data<T>(), y.data<T>(), x.numElements(), [](T v) { return Fn::lane(v); },
            [](T v) { return Fn::scalar(v); });
    });
}
struct ExpM {
    template<class T> static T lane(T v) { return tfmath::expLane(v); }
    template<class T> static T scalar(T v) { return std::exp(v); }
};
struct Expm1M {
    template<class T> static T lane(T v) { return tfmath::expm1Lane(v); }
    template<class T> static T scalar(T v) { return std::expm1(v); }
};
struct LogM {
    template<class T> static T lane(T v) { return tfmath::logLane(v); }
    template<class T> static T scalar(T v) { return tfmath::logScalar(v); }
};
struct Log1pM {
    template<class T> static T lane(T v) { return tfmath::log1pLane(v); }
    template<class T> static T scalar(T v) { return std::log1p(v); }
};
// Eigen's scalar tanh for float is the packet approximation; for double it is the C library's.
struct TanhM {
    template<class T> static T lane(T v) { return tfmath::tanhLane(v); }
    template<class T> static T scalar(T v) {
        if constexpr (std::is_same_v<T, float>) return tfmath::tanhLane(v);
        else return std::tanh(v);
    }
};
struct SigmoidM {
    template<class T> static T lane(T v) { return tfmath::sigmoidLane(v); }
    template<class T> static T scalar(T v) { return tfmath::sigmoidScalar(v); }
};
// IEEE's own sqrt; only the flushing of denormals is TF's.
struct SqrtM {
    template<class T> static T lane(T v) { return std::sqrt(v); }
    template<class T> static T scalar(T v) { return std::sqrt(v); }
};
struct RsqrtM {
    template<class T> static T lane(T v) { return tfmath::rsqrtLane(v); }
    template<class T> static T scalar(T v) { return T(1) / std::sqrt(v); }
};
struct ErfM {
    template<class T> static T lane(T v) { return tfmath::erfLane(v); }
    template<class T> static T scalar(T v) { return tfmath::erfScalar(v); }
};
// TF's AVX build has a packet sin and cos for float only.
template<bool kSine> struct SinCosM {
    template<class T> static T lane(T v) {
        if constexpr (std::is_same_v<T, float>) return tfmath::sinCosLane<kSine>(v);
        else return scalar(v);
    }
    template<class T> static T scalar(T v) { return kSine ? std::sin(v) : std::cos(v); }
};
struct ErfcM {
    template<class T> static T lane(T v) { return tfmath::erfcLane(v); }
    template<class T> static T scalar(T v) { return tfmath::erfcScalar(v); }
};
// TF's Elu and Selu take exp(x) - 1, not expm1.
struct EluM {
    template<class T> static T at(T v, bool packet) {
        return v < T(0) ? (packet ? tfmath::expLane(v) : std::exp(v)) - T(1) : v;
    }
    template<class T> static T lane(T v) { return at(v, true); }
    template<class T> static T scalar(T v) { return at(v, false); }
};
struct SeluM {
    template<class T> static T at(T v, bool packet) {
        return v < T(0) ? T(1.7580993408473768599402175208123) * ((packet ? tfmath::expLane(v) : std::exp(v)) - T(1))
                        : T(1.0507009873554804934193349852946) * v;
    }
    template<class T> static T lane(T v) { return at(v, true); }
    template<class T> static T scalar(T v) { return at(v, false); }
};
// TF's thresholds keep softplus exact where exp would overflow or underflow.
struct SoftplusM {
    template<class T> static T at(T v, bool packet) {
        const T threshold = std::log(std::numeric_limits<T>::epsilon()) + T(2);
        if (v > -threshold) return v;
        const T e = packet ? tfmath::expLane(v) : std::exp(v);
        if (v < threshold) return e;
        return packet ? tfmath::log1pLane(e) : std::log1p(e);
    }
    template<class T> static T lane(T v) { return at(v, true); }
    template<class T> static T scalar(T v) { return at(v, false); }
};

struct LeakyReluF {
    float alpha;
    explicit LeakyReluF(const KernelContext& c)
        : alpha(c.attrs().getFloat("alpha")) { }
    template<class T> T operator()(T v) const { return v > T(0) ? v : static_cast<T>(alpha) * v; }
};

void logicalNotKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    Tensor& y = c.allocateOutput(0, DType::Bool, x.shape());
    for (int64_t i = 0; i < x.numElements(); ++i) y.data<bool>()[i] = !x.data<bool>()[i];
}

template<class Pred> void floatPredicateKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    Tensor& y = c.allocateOutput(0, DType::Bool, x.shape());
    visitFloat(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        for (int64_t i = 0; i < x.numElements(); ++i) y.data<bool>()[i] = Pred{}(x.data<T>()[i]);
    });
}
// CheckNumerics: the input passes through unless it holds a NaN or an infinity (TF's message).
void checkNumericsKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    bool nan = false, inf = false;
    visitFloat(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        for (int64_t i = 0; i < x.numElements(); ++i) {
            nan = nan || std::isnan(x.data<T>()[i]);
            inf = inf || std::isinf(x.data<T>()[i]);
        }
    });
    if (nan || inf)
        invalidArgument(c.attrs().getString("message"), " : Tensor had ",
                        nan && inf ? "Inf and NaN"
                            : nan  ? "NaN"
                                   : "Inf",
                        " values");
    c.setOutput(0, x);
}
struct IsNanP {
    template<class T> bool operator()(T v) const { return std::isnan(v); }
};
struct IsInfP {
    template<class T> bool operator()(T v) const { return std::isinf(v); }
};
struct IsFiniteP {
    template<class T> bool operator()(T v) const { return std::isfinite(v); }
};

// Gradient ops of activations: two same-shape inputs (a, b) → out, float types.
template<class Op> void gradOpKernel(KernelContext& c) {
    const Tensor& a = c.input(0);
    const Tensor& b = c.input(1);
    if (a.shape() != b.shape())
        invalidArgument("Inputs to operation ", c.op().name, " of type ", c.op().name,
                        " must have the same size and shape.  Input 0: ", a.shape().str(),
                        " != input 1: ", b.shape().str());
    visitNative(a.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Op op{ c };
        Tensor& out = c.allocateOutput(0, a.dtype(), a.shape());
        const T* ap = a.data<T>();
        const T* bp = b.data<T>();
        T* op_ = out.data<T>();
        for (int64_t i = 0; i < a.numElements(); ++i) op_[i] = op(ap[i], bp[i]);
    });
}
// (gradients, features)
struct ReluGradF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T g, T f) const { return f > T(0) ? g : T(0); }
};
struct Relu6GradF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T g, T f) const { return (f > T(0) && f < T(6)) ? g : T(0); }
};
struct LeakyReluGradF {
    float alpha;
    explicit LeakyReluGradF(const KernelContext& c)
        : alpha(c.attrs().getFloat("alpha")) { }
    template<class T> T operator()(T g, T f) const { return f > T(0) ? g : static_cast<T>(static_cast<T>(alpha) * g); }
};
struct SoftplusGradF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T g, T f) const {
        if constexpr (std::is_integral_v<T>) return g;
        else return g / (T(1) + std::exp(-f));
    }
};
// (gradients, outputs)
struct EluGradF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T g, T y) const { return y < T(0) ? static_cast<T>(g * (y + T(1))) : g; }
};
struct SeluGradF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T g, T y) const {
        if constexpr (std::is_integral_v<T>) return g;
        else
            return y < T(0) ? g * (y + T(1.7580993408473768599402175208123)) : g * T(1.0507009873554804934193349852946);
    }
};
// (y, dy)
struct SigmoidGradF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T y, T dy) const { return static_cast<T>(dy * y * (T(1) - y)); }
};
struct TanhGradF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T y, T dy) const { return static_cast<T>(dy * (T(1) - y * y)); }
};
struct RsqrtGradF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T y, T dy) const { return static_cast<T>(dy * y * y * y * T(-0.5)); }
};
struct SqrtGradF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T y, T dy) const {
        if constexpr (std::is_integral_v<T>) return dy;
        else return dy * T(0.5) / y;
    }
};
struct ReciprocalGradF : Stateless {
    using Stateless::Stateless;
    template<class T> T operator()(T y, T dy) const { return static_cast<T>(-dy * y * y); }
};

void clipByValueKernel(KernelContext& c) {
    const Tensor& t = c.input(0);
    const Tensor& lo = c.input(1);
    const Tensor& hi = c.input(2);
    for (const Tensor* b : { &lo, &hi })
        if (b->numElements() != 1 && b->shape() != t.shape())
            invalidArgument("clip_value_min and clip_value_max must be either scalars or have the same shape as the "
                            "input: ",
                            t.shape().str(), " vs. ", b->shape().str());
    visitNative(t.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& out = c.allocateOutput(0, t.dtype(), t.shape());
        const bool loScalar = lo.numElements() == 1, hiScalar = hi.numElements() == 1;
        for (int64_t i = 0; i < t.numElements(); ++i) {
            const T l = lo.data<T>()[loScalar ? 0 : i], h = hi.data<T>()[hiScalar ? 0 : i];
            const T v = t.data<T>()[i];
            out.data<T>()[i] = v < l ? l : (v > h ? h : v);
        }
    });
}

void unary(const char* name, KernelFn fn, DTypeMask types) {
    defineOp(name).kernel(fn, types).viaFloat().shape(shapeUnchanged);
}
void gradOp(const char* name, KernelFn fn) {
    defineOp(name).kernel(fn, kNative).viaFloat().shape(shapeUnchanged);
}

} // namespace

void registerUnaryKernels() {
    unary("Neg", unaryKernel<NegF, Types::WithComplex>, kSigned | tensor::kComplexTypes);
    unary("Abs", unaryKernel<AbsF, Types::Native>, kSigned);
    unary("Square", unaryKernel<SquareF, Types::WithComplex>, kNative | tensor::kComplexTypes);
    unary("Sign", unaryKernel<SignF, Types::Native>, kSigned);
    unary("Relu", unaryKernel<ReluF, Types::Native>, kNative);
    unary("Relu6", unaryKernel<Relu6F, Types::Native>, kNative);
    unary("Sqrt", tfMathKernel<SqrtM>, kNativeFloat);
    unary("Rsqrt", tfMathKernel<RsqrtM>, kNativeFloat);
    unary("Exp", tfMathKernel<ExpM>, kNativeFloat);
    unary("Expm1", tfMathKernel<Expm1M>, kNativeFloat);
    unary("Log", tfMathKernel<LogM>, kNativeFloat);
    unary("Log1p", tfMathKernel<Log1pM>, kNativeFloat);
    unary("Tanh", tfMathKernel<TanhM>, kNativeFloat);
    unary("Sigmoid", tfMathKernel<SigmoidM>, kNativeFloat);
    unary("Erf", tfMathKernel<ErfM>, kNativeFloat);
    unary("Erfc", tfMathKernel<ErfcM>, kNativeFloat);
    unary("Reciprocal", unaryKernel<ReciprocalF, Types::FloatWithComplex>, kNativeFloat | tensor::kComplexTypes);
    unary("Inv", unaryKernel<ReciprocalF, Types::FloatWithComplex>, kNativeFloat | tensor::kComplexTypes);
    unary("Floor", unaryKernel<FloorF, Types::Float>, kNativeFloat);
    unary("Ceil", unaryKernel<CeilF, Types::Float>, kNativeFloat);
    unary("Round", unaryKernel<RoundF, Types::Float>, kNativeFloat);
    unary("Sin", tfMathKernel<SinCosM<true>>, kNativeFloat);
    unary("Cos", tfMathKernel<SinCosM<false>>, kNativeFloat);
    unary("Elu", tfMathKernel<EluM>, kNativeFloat);
    unary("Selu", tfMathKernel<SeluM>, kNativeFloat);
    unary("Softplus", tfMathKernel<SoftplusM>, kNativeFloat);
    unary("LeakyRelu", unaryKernel<LeakyReluF, Types::Float>, kNativeFloat);
    defineOp("LogicalNot").kernel(logicalNotKernel, tensor::kAllTypes, "").shape(shapeUnchanged).notDifferentiable();
    defineOp("IsNan")
        .kernel(floatPredicateKernel<IsNanP>, kNativeFloat)
        .viaFloat()
        .shape(shapeUnchanged)
        .notDifferentiable();
    defineOp("IsInf")
        .kernel(floatPredicateKernel<IsInfP>, kNativeFloat)
        .viaFloat()
        .shape(shapeUnchanged)
        .notDifferentiable();
    defineOp("CheckNumerics").kernel(checkNumericsKernel, kNativeFloat).viaFloat().shape(shapeUnchanged);
    defineOp("IsFinite")
        .kernel(floatPredicateKernel<IsFiniteP>, kNativeFloat)
        .viaFloat()
        .shape(shapeUnchanged)
        .notDifferentiable();
    gradOp("ReluGrad", gradOpKernel<ReluGradF>);
    gradOp("Relu6Grad", gradOpKernel<Relu6GradF>);
    gradOp("LeakyReluGrad", gradOpKernel<LeakyReluGradF>);
    gradOp("SoftplusGrad", gradOpKernel<SoftplusGradF>);
    gradOp("EluGrad", gradOpKernel<EluGradF>);
    gradOp("SeluGrad", gradOpKernel<SeluGradF>);
    gradOp("SigmoidGrad", gradOpKernel<SigmoidGradF>);
    gradOp("TanhGrad", gradOpKernel<TanhGradF>);
    gradOp("RsqrtGrad", gradOpKernel<RsqrtGradF>);
    gradOp("SqrtGrad", gradOpKernel<SqrtGradF>);
    gradOp("ReciprocalGrad", gradOpKernel<ReciprocalGradF>);
    gradOp("InvGrad", gradOpKernel<ReciprocalGradF>);
    defineOp("ClipByValue").kernel(clipByValueKernel, kNative).viaFloat().shape(shapeUnchanged);
}

} // namespace graphlens::ops
