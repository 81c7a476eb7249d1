#include "core/ops/array_view.h"

namespace graphlens::ops {

using tensor::DType;

numeric::ElementType elementTypeOf(DType dt) {
    using numeric::ElementType;
    switch (dt) {
    case DType::Bool:
        return ElementType::Bool;
    case DType::Int8:
        return ElementType::Int8;
    case DType::Int16:
        return ElementType::Int16;
    case DType::Int32:
        return ElementType::Int32;
    case DType::Int64:
        return ElementType::Int64;
    case DType::UInt8:
        return ElementType::UInt8;
    case DType::UInt16:
        return ElementType::UInt16;
    case DType::UInt32:
        return ElementType::UInt32;
    case DType::UInt64:
        return ElementType::UInt64;
    case DType::Float16:
        return ElementType::Float16;
    case DType::BFloat16:
        return ElementType::BFloat16;
    case DType::Float32:
        return ElementType::Float32;
    case DType::Float64:
        return ElementType::Float64;
    case DType::Complex64:
        return ElementType::Complex64;
    case DType::Complex128:
        return ElementType::Complex128;
    case DType::String:
        return ElementType::Object;
    default:
        return ElementType::Float32;
    }
}

numeric::ArrayView arrayViewOf(const tensor::Tensor& t) {
    numeric::ArrayView v;
    v.type = elementTypeOf(t.dtype());
    v.shape = t.shape().dims();
    if (t.dtype() == DType::String)
        v.strings = std::span<const std::string>(t.data<std::string>(), static_cast<size_t>(t.numElements()));
    else v.data = t.rawData();
    return v;
}

} // namespace graphlens::ops
