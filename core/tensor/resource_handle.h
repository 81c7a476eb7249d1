#pragma once
// The element types of DT_RESOURCE and DT_VARIANT tensors. A ResourceHandle names a resource in
// a device's ResourceManager (core/ops/resource.h), as TF's ResourceHandle does; a Variant holds
// an immutable value (a TensorList, ...) shared between tensors: ops that change one copy it first
// unless they hold the only reference.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/tensor/dtype.h"
#include "core/tensor/shape.h"

namespace graphlens::tensor {

struct ResourceHandle {
    std::string device;    // "/job:localhost/replica:0/task:0/device:CPU:0"
    std::string container; // "" = the default container
    std::string name;      // shared_name, or a unique anonymous name
    std::string typeName;  // "tensorflow::Var"
    uint64_t hashCode = 0;
    std::vector<std::pair<DType, PartialShape>> dtypesAndShapes;
    // "<ResourceHandle(name=\"v\", device=\"...\", container=\"...\", type=\"...\", dtype and shapes : \"...\")>"
    std::string debugString() const;
};

class VariantValue {
public:
    virtual ~VariantValue() = default;
    virtual std::string typeName() const = 0;
    virtual std::string debugString() const { return typeName(); }
};

struct Variant {
    std::shared_ptr<VariantValue> value;
    template<class T> T* get() const { return dynamic_cast<T*>(value.get()); }
};

// True for dtypes whose elements are C++ objects (constructed and destroyed per element).
constexpr bool isObjectDType(DType dt) {
    return dt == DType::String || dt == DType::Resource || dt == DType::Variant;
}

} // namespace graphlens::tensor
