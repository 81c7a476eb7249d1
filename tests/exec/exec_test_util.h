#pragma once
// Shared by the executor tests: tensors from the recordings' JSON, resource variables in the CPU
// device's ResourceManager, bit-for-bit comparison.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/graph/io/model_loader.h"
#include "core/graph/model.h"
#include "core/ops/resource.h"
#include "core/tensor/dispatch.h"
#include "core/tensor/tensor.h"
#include "tests/json_tensor.h"

namespace exectest {

using graphlens::tensor::DType;
using graphlens::tensor::Tensor;
using graphlens::tensor::TensorShape;
using testjson::tensorFromJson;

// A fresh variable in the CPU device's ResourceManager holding `value`; returns its handle.
inline Tensor makeVariable(const std::string& name, const Tensor& value) {
    auto* cpu = graphlens::tensor::cpuDevice();
    Tensor handle = graphlens::ops::makeVarHandle(cpu, graphlens::ops::ResourceManager::kDefaultContainer, name,
                                                  value.dtype(), graphlens::tensor::PartialShape(value.shape().dims()));
    auto var = std::make_shared<graphlens::ops::VarResource>();
    var->value = value;
    var->isInitialized = true;
    auto& rm = graphlens::ops::resourceManager(cpu);
    rm.erase(graphlens::ops::handleFromTensor(handle));
    rm.create(graphlens::ops::handleFromTensor(handle), var);
    return handle;
}

inline Tensor variableValue(const Tensor& handle) {
    auto var = graphlens::ops::resourceManager(graphlens::tensor::cpuDevice())
                   .lookupAs<graphlens::ops::VarResource>(graphlens::ops::handleFromTensor(handle));
    REQUIRE(var);
    return var->value;
}

// Same dtype, shape and bytes (strings by value).
inline bool sameBits(const Tensor& a, const Tensor& b) {
    if (a.dtype() != b.dtype() || a.shape() != b.shape()) return false;
    if (a.dtype() == DType::String) {
        for (int64_t i = 0; i < a.numElements(); ++i)
            if (a.data<std::string>()[i] != b.data<std::string>()[i]) return false;
        return true;
    }
    if (graphlens::tensor::isObjectDType(a.dtype())) return true; // handles, variants: not compared
    return a.totalBytes() == 0 || std::memcmp(a.rawData(), b.rawData(), a.totalBytes()) == 0;
}

} // namespace exectest
