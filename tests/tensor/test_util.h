#pragma once
#include <catch2/catch.hpp>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "core/ops/execute.h"

namespace graphlens::ops::test {

using tensor::DType;
using tensor::Tensor;
using tensor::TensorShape;

template<class T> Tensor make(std::vector<T> values, TensorShape shape) {
    return Tensor::fromVector(values, std::move(shape));
}
inline Tensor f32(std::vector<float> v, TensorShape s) {
    return make(std::move(v), std::move(s));
}
inline Tensor f64(std::vector<double> v, TensorShape s) {
    return make(std::move(v), std::move(s));
}
inline Tensor i32(std::vector<int32_t> v, TensorShape s) {
    return make(std::move(v), std::move(s));
}
inline Tensor i32v(std::vector<int32_t> v) {
    return Tensor::fromVector(v);
}

inline Tensor run(std::string_view op, std::initializer_list<Tensor> in, const AttrMap& attrs = {}) {
    return execute(op, in, attrs).at(0);
}

// "ClassName: message" of the OpError `f` throws, or "" when it does not throw.
inline std::string errorOf(const std::function<void()>& f) {
    try {
        f();
    } catch (const tensor::OpError& e) {
        return std::string(e.pythonName()) + ": " + e.message();
    }
    return "";
}

inline std::vector<double> values(const Tensor& t) {
    return t.toDoubleVector();
}

inline void requireClose(const Tensor& t, const std::vector<double>& expected, double tol = 1e-5) {
    const auto v = values(t);
    REQUIRE(v.size() == expected.size());
    for (size_t i = 0; i < v.size(); ++i) {
        INFO("element " << i << ": " << v[i] << " vs " << expected[i]);
        if (std::isnan(expected[i])) REQUIRE(std::isnan(v[i]));
        else REQUIRE(std::abs(v[i] - expected[i]) <= tol * (1 + std::abs(expected[i])));
    }
}

} // namespace graphlens::ops::test
