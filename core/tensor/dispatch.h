#pragma once
// Calls a generic lambda with a value of the C++ element type of a runtime dtype:
//   visitDType(t.dtype(), [&](auto tag) { using T = decltype(tag); ... });
// Separate lists keep each kernel's instantiations to the dtypes TensorFlow registers for it.
#include <Eigen/Core>
#include <complex>
#include <string>

#include "core/tensor/dtype.h"
#include "core/tensor/errors.h"

namespace graphlens::tensor {

[[noreturn]] void throwUnsupportedDType(DType dt, const char* what);

// float32, float64 (half and bfloat16 go through float32 in most kernels).
template<class F> decltype(auto) visitFloat(DType dt, F&& f) {
    switch (dt) {
    case DType::Float32:
        return f(float{});
    case DType::Float64:
        return f(double{});
    default:
        throwUnsupportedDType(dt, "float");
    }
}

// All real numbers including half and bfloat16.
template<class F> decltype(auto) visitReal(DType dt, F&& f) {
    switch (dt) {
    case DType::Float32:
        return f(float{});
    case DType::Float64:
        return f(double{});
    case DType::Int32:
        return f(int32_t{});
    case DType::Int64:
        return f(int64_t{});
    case DType::UInt8:
        return f(uint8_t{});
    case DType::Int8:
        return f(int8_t{});
    case DType::Int16:
        return f(int16_t{});
    case DType::Float16:
        return f(Eigen::half{});
    case DType::BFloat16:
        return f(Eigen::bfloat16{});
    default:
        throwUnsupportedDType(dt, "real");
    }
}

// float32, float64, int32, int64: the common numeric set kernels implement natively.
template<class F> decltype(auto) visitCommon(DType dt, F&& f) {
    switch (dt) {
    case DType::Float32:
        return f(float{});
    case DType::Float64:
        return f(double{});
    case DType::Int32:
        return f(int32_t{});
    case DType::Int64:
        return f(int64_t{});
    default:
        throwUnsupportedDType(dt, "common");
    }
}

// Real numbers without half/bfloat16 (those are promoted to float32 by the caller).
template<class F> decltype(auto) visitNative(DType dt, F&& f) {
    switch (dt) {
    case DType::Float32:
        return f(float{});
    case DType::Float64:
        return f(double{});
    case DType::Int32:
        return f(int32_t{});
    case DType::Int64:
        return f(int64_t{});
    case DType::UInt8:
        return f(uint8_t{});
    case DType::Int8:
        return f(int8_t{});
    case DType::Int16:
        return f(int16_t{});
    default:
        throwUnsupportedDType(dt, "native");
    }
}

// Every dtype a tensor can hold.
template<class F> decltype(auto) visitAll(DType dt, F&& f) {
    switch (dt) {
    case DType::Bool:
        return f(bool{});
    case DType::String:
        return f(std::string{});
    default:
        return visitReal(dt, std::forward<F>(f));
    }
}

// complex64, complex128
template<class F> decltype(auto) visitComplex(DType dt, F&& f) {
    switch (dt) {
    case DType::Complex64:
        return f(std::complex<float>{});
    case DType::Complex128:
        return f(std::complex<double>{});
    default:
        throwUnsupportedDType(dt, "complex");
    }
}

template<class F> decltype(auto) visitIndex(DType dt, F&& f) {
    switch (dt) {
    case DType::Int32:
        return f(int32_t{});
    case DType::Int64:
        return f(int64_t{});
    default:
        throwUnsupportedDType(dt, "index");
    }
}

} // namespace graphlens::tensor
