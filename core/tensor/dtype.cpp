#include "core/tensor/dtype.h"

#include <string>

#include "core/tensor/resource_handle.h"

namespace graphlens::tensor {

namespace {
struct DTypeInfo {
    DType dt;
    std::string_view python;
    std::string_view cpp;
    size_t size;
};
constexpr DTypeInfo kInfos[] = {
    { DType::Float32, "float32", "float", 4 },
    { DType::Float64, "float64", "double", 8 },
    { DType::Int32, "int32", "int32", 4 },
    { DType::UInt8, "uint8", "uint8", 1 },
    { DType::Int16, "int16", "int16", 2 },
    { DType::Int8, "int8", "int8", 1 },
    { DType::String, "string", "string", sizeof(std::string) },
    { DType::Complex64, "complex64", "complex64", 8 },
    { DType::Int64, "int64", "int64", 8 },
    { DType::Bool, "bool", "bool", 1 },
    { DType::BFloat16, "bfloat16", "bfloat16", 2 },
    { DType::UInt16, "uint16", "uint16", 0 },
    { DType::Complex128, "complex128", "complex128", 16 },
    { DType::Float16, "float16", "half", 2 },
    { DType::Resource, "resource", "resource", sizeof(ResourceHandle) },
    { DType::Variant, "variant", "variant", sizeof(Variant) },
    { DType::UInt32, "uint32", "uint32", 4 },
    { DType::UInt64, "uint64", "uint64", 8 },
    // Quantized types: named in TF's messages (allowed-value lists), never held by a Tensor.
    { static_cast<DType>(11), "qint8", "qint8", 0 },
    { static_cast<DType>(12), "quint8", "quint8", 0 },
    { static_cast<DType>(13), "qint32", "qint32", 0 },
    { static_cast<DType>(15), "qint16", "qint16", 0 },
    { static_cast<DType>(16), "quint16", "quint16", 0 },
    // Narrow types of newer TF versions: named in GraphDefs and checkpoints, never held either.
    { static_cast<DType>(24), "float8_e5m2", "float8_e5m2", 0 },
    { static_cast<DType>(25), "float8_e4m3fn", "float8_e4m3fn", 0 },
    { static_cast<DType>(26), "float8_e4m3fnuz", "float8_e4m3fnuz", 0 },
    { static_cast<DType>(27), "float8_e4m3b11fnuz", "float8_e4m3b11fnuz", 0 },
    { static_cast<DType>(28), "float8_e5m2fnuz", "float8_e5m2fnuz", 0 },
    { static_cast<DType>(29), "int4", "int4", 0 },
    { static_cast<DType>(30), "uint4", "uint4", 0 },
    { static_cast<DType>(31), "int2", "int2", 0 },
    { static_cast<DType>(32), "uint2", "uint2", 0 },
    { static_cast<DType>(33), "float4_e2m1fn", "float4_e2m1fn", 0 },
};

const DTypeInfo* info(DType dt) {
    for (const auto& i : kInfos)
        if (i.dt == dt) return &i;
    return nullptr;
}
} // namespace

std::string_view dtypeName(DType dt) {
    const auto* i = info(dt);
    return i ? i->python : std::string_view("invalid");
}

std::string_view dtypeCppName(DType dt) {
    const auto* i = info(dt);
    return i ? i->cpp : std::string_view("INVALID");
}

DType dtypeFromName(std::string_view name) {
    for (const auto& i : kInfos)
        if (i.python == name || i.cpp == name) return i.dt;
    if (name == "float16") return DType::Float16;
    return DType::Invalid;
}

size_t dtypeSize(DType dt) {
    const auto* i = info(dt);
    return i ? i->size : 0;
}

bool isFloating(DType dt) {
    return inMask(kFloatTypes, dt);
}
bool isInteger(DType dt) {
    return inMask(kIntTypes | maskOf(DType::UInt16, DType::UInt32, DType::UInt64), dt);
}
bool isSigned(DType dt) {
    return inMask(maskOf(DType::Int8, DType::Int16, DType::Int32, DType::Int64), dt);
}
bool isSupported(DType dt) {
    return inMask(kAnyTypes | maskOf(DType::Resource, DType::Variant, DType::UInt32, DType::UInt64), dt);
}
bool isComplex(DType dt) {
    return inMask(kComplexTypes, dt);
}
DType realPartDType(DType dt) {
    return dt == DType::Complex64 ? DType::Float32 : dt == DType::Complex128 ? DType::Float64 : dt;
}

} // namespace graphlens::tensor
