// Cast between every pair of real and complex dtypes and bool (string only to string).
#include <cmath>
#include <limits>

#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

template<class T> constexpr bool kLowFloat = std::is_same_v<T, Eigen::half> || std::is_same_v<T, Eigen::bfloat16>;

// Float to integer as x86 does it (what TF's CPU kernel yields): NaN and out-of-range values
// become the integer minimum instead of C++'s undefined behaviour.
template<class To> To floatToInt(double d) {
    using Wide = std::conditional_t<(sizeof(To) <= 4), int32_t, int64_t>;
    if (std::isnan(d) || d >= static_cast<double>(std::numeric_limits<Wide>::max()) + 1.0 ||
        d < static_cast<double>(std::numeric_limits<Wide>::min()))
        return static_cast<To>(std::numeric_limits<Wide>::min());
    return static_cast<To>(static_cast<Wide>(d));
}

template<class To, class From> To convert(From v) {
    if constexpr (std::is_same_v<To, From>) return v;
    else if constexpr (kIsComplex<To> && kIsComplex<From>)
        return To(static_cast<typename To::value_type>(v.real()), static_cast<typename To::value_type>(v.imag()));
    else if constexpr (kIsComplex<To>) return To(convert<typename To::value_type>(v), 0);
    else if constexpr (kIsComplex<From>) return convert<To>(v.real()); // TF keeps the real part
    else if constexpr (std::is_same_v<To, bool>) {
        if constexpr (kLowFloat<From>) return static_cast<float>(v) != 0.0f;
        else return v != From(0);
    } else if constexpr (std::is_same_v<From, bool>) return static_cast<To>(v ? 1.0f : 0.0f);
    else if constexpr (kLowFloat<To>) return To(static_cast<float>(v));
    else if constexpr (kLowFloat<From>) return convert<To>(static_cast<float>(v));
    else if constexpr (std::is_integral_v<To> && std::is_floating_point_v<From>)
        return floatToInt<To>(static_cast<double>(v));
    else return static_cast<To>(v);
}

template<class F> void visitCastable(DType dt, F&& f) {
    if (dt == DType::Bool) f(bool{});
    else if (tensor::isComplex(dt)) tensor::visitComplex(dt, f);
    else tensor::visitReal(dt, f);
}

void castKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    const DType to = c.attrs().getType("DstT");
    if (x.dtype() == to) {
        c.setOutput(0, x);
        return;
    }
    if (x.dtype() == DType::String || to == DType::String || !tensor::isSupported(to))
        throw tensor::UnimplementedError("Cast " + std::string(tensor::dtypeCppName(x.dtype())) + " to " +
                                         std::string(tensor::dtypeCppName(to)) + " is not supported");
    Tensor& y = c.allocateOutput(0, to, x.shape());
    visitCastable(x.dtype(), [&](auto fromTag) {
        using From = decltype(fromTag);
        visitCastable(to, [&](auto toTag) {
            using To = decltype(toTag);
            const From* in = x.data<From>();
            To* out = y.data<To>();
            for (int64_t i = 0; i < x.numElements(); ++i) out[i] = convert<To>(in[i]);
        });
    });
}

} // namespace

void registerCastKernels() {
    defineOp("Cast").kernel(castKernel, tensor::kAnyTypes, "SrcT").shape(shapeUnchanged);
}

} // namespace graphlens::ops
