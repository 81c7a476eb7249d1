#pragma once
// A tensor from the oracle recordings' JSON ({"dtype", "shape", "values"}; non-finite floats are
// the strings "inf", "-inf" and "nan"), shared by the test folders that read recordings.
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/tensor/dispatch.h"
#include "core/tensor/tensor.h"

namespace testjson {

inline graphlens::tensor::Tensor tensorFromJson(const nlohmann::json& j) {
    using graphlens::tensor::DType;
    const DType dt = graphlens::tensor::dtypeFromName(j["dtype"].get<std::string>());
    graphlens::tensor::Tensor t(dt, graphlens::tensor::TensorShape(j["shape"].get<std::vector<int64_t>>()));
    const auto& v = j["values"];
    for (int64_t i = 0; i < t.numElements(); ++i) {
        const nlohmann::json& e = v[static_cast<size_t>(i)];
        switch (dt) {
        case DType::String:
            t.data<std::string>()[i] = e.get<std::string>();
            break;
        case DType::Bool:
            t.data<bool>()[i] = e.get<bool>();
            break;
        default: {
            const double d = !e.is_string() ? e.get<double>()
                : e == "inf"                ? HUGE_VAL
                : e == "-inf"               ? -HUGE_VAL
                                            : std::nan("");
            graphlens::tensor::visitReal(dt, [&](auto tag) {
                using T = decltype(tag);
                t.data<T>()[i] = static_cast<T>(d);
            });
        }
        }
    }
    return t;
}

} // namespace testjson
