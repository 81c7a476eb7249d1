// complex64/complex128: the ops that build and take apart complex numbers (Complex, Real, Imag,
// Conj, ComplexAbs, Angle) and the transcendental functions on them. The element-wise
// arithmetic, reductions, casts and MatMul take complex types in their own files.
#include <cmath>

#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

using tensor::visitComplex;
using tensor::visitFloat;

constexpr DTypeMask kComplex = tensor::kComplexTypes;
constexpr DTypeMask kFloat = maskOf(DType::Float32, DType::Float64);

// Complex(real, imag) with numpy broadcasting; Tout is the complex type of the float inputs.
void complexKernel(KernelContext& c) {
    const Tensor& re = c.input(0);
    const Tensor& im = c.input(1);
    Broadcast bc(re.shape(), im.shape());
    visitFloat(re.dtype(), [&](auto tag) {
        using T = decltype(tag);
        using C = std::complex<T>;
        Tensor& z = c.allocateOutput(0, tensor::dtypeOf<C>, bc.outShape);
        const T* rp = re.data<T>();
        const T* ip = im.data<T>();
        C* zp = z.data<C>();
        forEachBroadcastRun(bc, [&](int64_t o, int64_t xo, int64_t yo, int64_t count, int64_t xs, int64_t ys) {
            for (int64_t i = 0; i < count; ++i) zp[o + i] = C(rp[xo + i * xs], ip[yo + i * ys]);
        });
    });
}

// A complex tensor mapped element-wise, to its real type (Real, Imag, ComplexAbs, Angle) or to
// complex numbers (Conj, Exp, ...: the input's buffer reused where it can be).
template<class F> void mapComplexKernel(KernelContext& c, F f) {
    const Tensor& x = c.input(0);
    visitComplex(x.dtype(), [&](auto tag) {
        using C = decltype(tag);
        using R = decltype(f(C{}));
        Tensor& y = std::is_same_v<R, C> ? reuseOrAllocateOutput(c, 0, 0, x.dtype(), x.shape())
                                         : c.allocateOutput(0, tensor::dtypeOf<R>, x.shape());
        const C* xp = x.data<C>();
        R* yp = y.data<R>();
        for (int64_t i = 0; i < x.numElements(); ++i) yp[i] = f(xp[i]);
    });
}

void realKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return z.real(); });
}
void imagKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return z.imag(); });
}
void complexAbsKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return std::hypot(z.real(), z.imag()); });
}
void angleKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return std::atan2(z.imag(), z.real()); });
}

void conjKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return std::conj(z); });
}
void expKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return std::exp(z); });
}
void logKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return std::log(z); });
}
void sqrtKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return std::sqrt(z); });
}
void rsqrtKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return decltype(z)(1) / std::sqrt(z); });
}
void tanhKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return std::tanh(z); });
}
void sinKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return std::sin(z); });
}
void cosKernel(KernelContext& c) {
    mapComplexKernel(c, [](auto z) { return std::cos(z); });
}

} // namespace

void registerComplexKernels() {
    defineOp("Complex").kernel(complexKernel, kFloat).shape(shapeBroadcastBinary);
    defineOp("Real").kernel(realKernel, kComplex).shape(shapeUnchanged);
    defineOp("Imag").kernel(imagKernel, kComplex).shape(shapeUnchanged);
    defineOp("ComplexAbs").kernel(complexAbsKernel, kComplex).shape(shapeUnchanged);
    defineOp("Angle").kernel(angleKernel, kComplex).shape(shapeUnchanged);
    defineOp("Conj").kernel(conjKernel, kComplex).shape(shapeUnchanged);
    // more kernels of ops defined elsewhere (their shape functions and gradients stay)
    defineOp("Exp").kernel(expKernel, kComplex);
    defineOp("Log").kernel(logKernel, kComplex);
    defineOp("Sqrt").kernel(sqrtKernel, kComplex);
    defineOp("Rsqrt").kernel(rsqrtKernel, kComplex);
    defineOp("Tanh").kernel(tanhKernel, kComplex);
    defineOp("Sin").kernel(sinKernel, kComplex);
    defineOp("Cos").kernel(cosKernel, kComplex);
}

} // namespace graphlens::ops
