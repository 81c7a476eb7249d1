// Element-wise binary ops with numpy broadcasting: arithmetic, comparisons, logical ops, bitwise
// ops (and Invert), AddN.
#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "core/ops/kernel_util.h"
#include "core/ops/tf_math.h"

namespace graphlens::ops {

namespace {

using tensor::visitFloat;
using tensor::visitNative;

constexpr DTypeMask kNative = tensor::kIntTypes | maskOf(DType::Float32, DType::Float64);
constexpr DTypeMask kNativeFloat = maskOf(DType::Float32, DType::Float64);

// An op that also takes the output index gets it (Pow: TF's value depends on the position).
template<class T, class R, class Op>
void binaryLoop(const Tensor& x, const Tensor& y, Tensor& z, const Broadcast& bc, Op op) {
    const T* xp = x.data<T>();
    const T* yp = y.data<T>();
    R* zp = z.data<R>();
    const int64_t n = z.numElements();
    auto at = [&op](T a, T b, int64_t i) {
        if constexpr (std::is_invocable_v<Op, T, T, int64_t>) return op(a, b, i);
        else return op(a, b);
    };
    if (bc.sameShape) {
        for (int64_t i = 0; i < n; ++i) zp[i] = at(xp[i], yp[i], i);
    } else if (x.numElements() == 1) {
        const T a = xp[0];
        for (int64_t i = 0; i < n; ++i) zp[i] = at(a, yp[i], i);
    } else if (y.numElements() == 1) {
        const T b = yp[0];
        for (int64_t i = 0; i < n; ++i) zp[i] = at(xp[i], b, i);
    } else {
        forEachBroadcastRun(bc, [&](int64_t o, int64_t xo, int64_t yo, int64_t count, int64_t xs, int64_t ys) {
            for (int64_t i = 0; i < count; ++i) zp[o + i] = at(xp[xo + i * xs], yp[yo + i * ys], o + i);
        });
    }
}

template<class T> bool anyZero(const Tensor& y) {
    for (T v : y.flat<T>())
        if (v == T(0)) return true;
    return false;
}

// Functors. Integer results are cast back because int8/int16 arithmetic promotes to int.
// Integers wrap (kernel_util.h's wrap*).
struct AddF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) return wrapAdd(a, b);
        else return a + b;
    }
};
struct SubF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) return wrapSub(a, b);
        else return a - b;
    }
};
struct MulF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) return wrapMul(a, b);
        else return a * b;
    }
};
struct DivF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) return wrapDiv(a, b);
        else return a / b;
    }
};
struct FloorDivF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) {
            T q = wrapDiv(a, b);
            if ((wrapMod(a, b) != 0) && ((a < 0) != (b < 0))) --q;
            return q;
        } else {
            return std::floor(a / b);
        }
    }
};
struct FloorModF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) {
            T r = wrapMod(a, b);
            if (r != 0 && ((r < 0) != (b < 0))) r = static_cast<T>(r + b);
            return r;
        } else {
            T r = std::fmod(a, b);
            if (r != 0 && ((r < 0) != (b < 0))) r += b;
            return r;
        }
    }
};
struct TruncateModF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) return wrapMod(a, b);
        else return std::fmod(a, b);
    }
};
struct PowF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) {
            T result = 1, base = a;
            for (auto e = static_cast<int64_t>(b); e > 0; e >>= 1) {
                if (e & 1) result = static_cast<T>(result * base);
                base = static_cast<T>(base * base);
            }
            return result;
        } else {
            return std::pow(a, b);
        }
    }
};
struct MaxF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (!std::is_integral_v<T>)
            if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
        return a > b ? a : b;
    }
};
struct MinF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (!std::is_integral_v<T>)
            if (std::isnan(a) || std::isnan(b)) return std::numeric_limits<T>::quiet_NaN();
        return a < b ? a : b;
    }
};
struct SquaredDifferenceF {
    template<class T> T operator()(T a, T b) const { return static_cast<T>((a - b) * (a - b)); }
};
struct Atan2F {
    template<class T> T operator()(T a, T b) const { return std::atan2(a, b); }
};
struct XdivyF {
    template<class T> T operator()(T a, T b) const { return a == T(0) ? T(0) : a / b; }
};
struct DivNoNanF {
    template<class T> T operator()(T a, T b) const { return b == T(0) ? T(0) : a / b; }
};
struct MulNoNanF {
    template<class T> T operator()(T a, T b) const { return b == T(0) ? T(0) : a * b; }
};

// WithComplex: the native types and complex64/complex128
enum class Types { Native, Float, WithComplex, FloatWithComplex };
enum class ZeroCheck { None, IntegerDivisor };

template<class Op, Types types, ZeroCheck zeroCheck = ZeroCheck::None> void arithmeticKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& y = c.input(1);
    Broadcast bc(x.shape(), y.shape());
    auto run = [&](auto tag) {
        using T = decltype(tag);
        if constexpr (zeroCheck == ZeroCheck::IntegerDivisor && std::is_integral_v<T>)
            if (anyZero<T>(y)) invalidArgument("Integer division by zero");
        if constexpr (std::is_same_v<Op, PowF> && std::is_integral_v<T>)
            for (T v : y.flat<T>())
                if (v < 0) invalidArgument("Integers to negative integer powers are not allowed");
        Tensor& z = x.shape() == bc.outShape ? reuseOrAllocateOutput(c, 0, 0, x.dtype(), bc.outShape)
                                             : reuseOrAllocateOutput(c, 0, 1, x.dtype(), bc.outShape);
        if constexpr (std::is_same_v<Op, PowF> && std::is_floating_point_v<T>) {
            // Eigen's packet pow on whole packets of the output, the C library's on the rest.
            const int64_t body = z.numElements() - z.numElements() % tfmath::kPacket<T>;
            const tfmath::FlushDenormals flush;
            binaryLoop<T, T>(x, y, z, bc,
                             [body](T a, T b, int64_t i) { return i < body ? tfmath::powLane(a, b) : std::pow(a, b); });
        } else {
            binaryLoop<T, T>(x, y, z, bc, Op{});
        }
    };
    if constexpr (types == Types::WithComplex || types == Types::FloatWithComplex)
        if (tensor::isComplex(x.dtype())) return tensor::visitComplex(x.dtype(), run);
    if constexpr (types == Types::Float || types == Types::FloatWithComplex) visitFloat(x.dtype(), run);
    else visitNative(x.dtype(), run);
}

struct GreaterF {
    template<class T> bool operator()(T a, T b) const { return a > b; }
};
struct GreaterEqualF {
    template<class T> bool operator()(T a, T b) const { return a >= b; }
};
struct LessF {
    template<class T> bool operator()(T a, T b) const { return a < b; }
};
struct LessEqualF {
    template<class T> bool operator()(T a, T b) const { return a <= b; }
};
struct EqualF {
    template<class T> bool operator()(const T& a, const T& b) const { return a == b; }
};
struct NotEqualF {
    template<class T> bool operator()(const T& a, const T& b) const { return a != b; }
};

template<class Op> void compareKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& y = c.input(1);
    Broadcast bc(x.shape(), y.shape());
    visitNative(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& z = c.allocateOutput(0, DType::Bool, bc.outShape);
        binaryLoop<T, bool>(x, y, z, bc, Op{});
    });
}

// Equal/NotEqual take every dtype and, with incompatible_shape_error=false, answer a scalar.
template<class Op, bool kIncompatibleAnswer> void equalityKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& y = c.input(1);
    std::optional<Broadcast> bc;
    try {
        bc.emplace(x.shape(), y.shape());
    } catch (const InvalidArgumentError&) {
        if (c.attrs().getBool("incompatible_shape_error")) throw;
        c.setOutput(0, Tensor::scalar<bool>(kIncompatibleAnswer));
        return;
    }
    auto run = [&](auto tag) {
        using T = decltype(tag);
        Tensor& z = c.allocateOutput(0, DType::Bool, bc->outShape);
        binaryLoop<T, bool>(x, y, z, *bc, Op{});
    };
    if (x.dtype() == DType::Bool) run(bool{});
    else if (x.dtype() == DType::String) run(std::string{});
    else if (tensor::isComplex(x.dtype())) tensor::visitComplex(x.dtype(), run);
    else visitNative(x.dtype(), run);
}

void equalityShape(ShapeContext& c) {
    try {
        shapeBroadcastBinary(c);
    } catch (const InvalidArgumentError&) {
        if (c.attrs().getBool("incompatible_shape_error")) throw;
        c.setOutput(0, PartialShape::unknown());
    }
}

struct AndF {
    bool operator()(bool a, bool b) const { return a && b; }
};
struct OrF {
    bool operator()(bool a, bool b) const { return a || b; }
};
template<class Op> void logicalKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& y = c.input(1);
    Broadcast bc(x.shape(), y.shape());
    Tensor& z = c.allocateOutput(0, DType::Bool, bc.outShape);
    binaryLoop<bool, bool>(x, y, z, bc, Op{});
}

void addNKernel(KernelContext& c) {
    const Tensor& first = c.input(0);
    for (int i = 1; i < c.numInputs(); ++i)
        if (c.input(i).shape() != first.shape())
            invalidArgument("Inputs to operation AddN of type AddN must have the same size and shape.  Input 0: ",
                            first.shape().str(), " != input ", i, ": ", c.input(i).shape().str());
    auto run = [&](auto tag) {
        using T = decltype(tag);
        Tensor& z = c.allocateOutput(0, first.dtype(), first.shape());
        T* out = z.data<T>();
        const int64_t n = z.numElements();
        const T* in0 = first.data<T>();
        for (int64_t j = 0; j < n; ++j) out[j] = in0[j];
        for (int i = 1; i < c.numInputs(); ++i) {
            const T* in = c.input(i).data<T>();
            for (int64_t j = 0; j < n; ++j) out[j] = static_cast<T>(out[j] + in[j]);
        }
    };
    if (tensor::isComplex(first.dtype())) tensor::visitComplex(first.dtype(), run);
    else visitNative(first.dtype(), run);
}

void addNShape(ShapeContext& c) {
    PartialShape s = c.inputShape(0);
    for (int i = 1; i < c.numInputs(); ++i) {
        auto m = s.merge(c.inputShape(i));
        if (!m) invalidArgument("Shapes must be equal rank, but are ", s.str(), " and ", c.inputShape(i).str());
        s = *m;
    }
    c.setOutput(0, s);
}

// Bitwise ops on integers; shifts clamp the count to [0, bits - 1] and shift left in unsigned, as
// TF's functors do.
struct BitAndF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) return static_cast<T>(a & b);
        else return a;
    }
};
struct BitOrF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) return static_cast<T>(a | b);
        else return a;
    }
};
struct BitXorF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) return static_cast<T>(a ^ b);
        else return a;
    }
};
template<bool kLeft> struct ShiftF {
    template<class T> T operator()(T a, T b) const {
        if constexpr (std::is_integral_v<T>) {
            constexpr int64_t kBits = static_cast<int64_t>(sizeof(T)) * 8;
            const int64_t count = std::clamp<int64_t>(static_cast<int64_t>(b), 0, kBits - 1);
            using U = std::make_unsigned_t<T>;
            if constexpr (kLeft) return static_cast<T>(static_cast<U>(static_cast<U>(a) << count));
            else return static_cast<T>(a >> count);
        } else {
            return a;
        }
    }
};
template<class Op> void bitwiseKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const Tensor& y = c.input(1);
    Broadcast bc(x.shape(), y.shape());
    visitNative(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        Tensor& z = c.allocateOutput(0, x.dtype(), bc.outShape);
        binaryLoop<T, T>(x, y, z, bc, Op{});
    });
}
void invertKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    visitNative(x.dtype(), [&](auto tag) {
        using T = decltype(tag);
        if constexpr (std::is_integral_v<T>) {
            Tensor& z = c.allocateOutput(0, x.dtype(), x.shape());
            const T* in = x.data<T>();
            T* out = z.data<T>();
            for (int64_t i = 0; i < x.numElements(); ++i) out[i] = static_cast<T>(~in[i]);
        }
    });
}

// Add: numbers, and strings concatenated with broadcasting (TF's Add; AddV2 has no string kernel).
struct ConcatF {
    std::string operator()(const std::string& a, const std::string& b) const { return a + b; }
};
void addKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    if (x.dtype() != DType::String) return arithmeticKernel<AddF, Types::WithComplex>(c);
    const Tensor& y = c.input(1);
    Broadcast bc(x.shape(), y.shape());
    Tensor& z = c.allocateOutput(0, DType::String, bc.outShape);
    binaryLoop<std::string, std::string>(x, y, z, bc, ConcatF{});
}

void binary(const char* name, KernelFn fn, DTypeMask types) {
    defineOp(name).kernel(fn, types).viaFloat().shape(shapeBroadcastBinary);
}

} // namespace

void registerMathKernels() {
    constexpr DTypeMask kComplex = tensor::kComplexTypes;
    binary("AddV2", arithmeticKernel<AddF, Types::WithComplex>, kNative | kComplex);
    binary("Add", addKernel, kNative | kComplex | maskOf(DType::String));
    binary("Sub", arithmeticKernel<SubF, Types::WithComplex>, kNative | kComplex);
    binary("Mul", arithmeticKernel<MulF, Types::WithComplex>, kNative | kComplex);
    binary("RealDiv", arithmeticKernel<DivF, Types::FloatWithComplex>, kNativeFloat | kComplex);
    binary("Div", arithmeticKernel<DivF, Types::WithComplex, ZeroCheck::IntegerDivisor>, kNative | kComplex);
    binary("TruncateDiv", arithmeticKernel<DivF, Types::Native, ZeroCheck::IntegerDivisor>, tensor::kIntTypes);
    binary("FloorDiv", arithmeticKernel<FloorDivF, Types::Native, ZeroCheck::IntegerDivisor>, kNative);
    binary("FloorMod", arithmeticKernel<FloorModF, Types::Native, ZeroCheck::IntegerDivisor>, kNative);
    binary("TruncateMod", arithmeticKernel<TruncateModF, Types::Native, ZeroCheck::IntegerDivisor>, kNative);
    binary("Pow", arithmeticKernel<PowF, Types::WithComplex>, kNative | kComplex);
    binary("Maximum", arithmeticKernel<MaxF, Types::Native>, kNative);
    binary("Minimum", arithmeticKernel<MinF, Types::Native>, kNative);
    binary("SquaredDifference", arithmeticKernel<SquaredDifferenceF, Types::Native>, kNative);
    binary("Atan2", arithmeticKernel<Atan2F, Types::Float>, kNativeFloat);
    binary("Xdivy", arithmeticKernel<XdivyF, Types::Float>, kNativeFloat);
    binary("DivNoNan", arithmeticKernel<DivNoNanF, Types::FloatWithComplex>, kNativeFloat | kComplex);
    binary("MulNoNan", arithmeticKernel<MulNoNanF, Types::FloatWithComplex>, kNativeFloat | kComplex);
    for (auto [name, fn] : { std::pair<const char*, KernelFn>{ "Greater", compareKernel<GreaterF> },
                             { "GreaterEqual", compareKernel<GreaterEqualF> },
                             { "Less", compareKernel<LessF> },
                             { "LessEqual", compareKernel<LessEqualF> } })
        defineOp(name).kernel(fn, kNative).viaFloat().shape(shapeBroadcastBinary).notDifferentiable();
    defineOp("Equal")
        .kernel(equalityKernel<EqualF, false>, kNative | kComplex | maskOf(DType::Bool, DType::String))
        .viaFloat()
        .shape(equalityShape)
        .notDifferentiable();
    defineOp("NotEqual")
        .kernel(equalityKernel<NotEqualF, true>, kNative | kComplex | maskOf(DType::Bool, DType::String))
        .viaFloat()
        .shape(equalityShape)
        .notDifferentiable();
    defineOp("LogicalAnd")
        .kernel(logicalKernel<AndF>, tensor::kAllTypes, "")
        .shape(shapeBroadcastBinary)
        .notDifferentiable();
    defineOp("LogicalOr")
        .kernel(logicalKernel<OrF>, tensor::kAllTypes, "")
        .shape(shapeBroadcastBinary)
        .notDifferentiable();
    defineOp("AddN").kernel(addNKernel, kNative | kComplex).viaFloat().shape(addNShape);
    for (auto [name, fn] : { std::pair<const char*, KernelFn>{ "BitwiseAnd", bitwiseKernel<BitAndF> },
                             { "BitwiseOr", bitwiseKernel<BitOrF> },
                             { "BitwiseXor", bitwiseKernel<BitXorF> },
                             { "LeftShift", bitwiseKernel<ShiftF<true>> },
                             { "RightShift", bitwiseKernel<ShiftF<false>> } })
        defineOp(name).kernel(fn, tensor::kIntTypes).shape(shapeBroadcastBinary).notDifferentiable();
    defineOp("Invert").kernel(invertKernel, tensor::kIntTypes).shape(shapeUnchanged).notDifferentiable();
}

} // namespace graphlens::ops
