#pragma once
// Element types, numbered as TensorFlow's DataType enum so that values read from or written to
// GraphDefs and checkpoints need no translation table.
#include <complex>
#include <cstdint>
#include <string>
#include <string_view>

namespace Eigen {
struct half;
struct bfloat16;
} // namespace Eigen

namespace graphlens::tensor {

struct ResourceHandle; // resource_handle.h
struct Variant;

enum class DType : int32_t {
    Invalid = 0,
    Float32 = 1,
    Float64 = 2,
    Int32 = 3,
    UInt8 = 4,
    Int16 = 5,
    Int8 = 6,
    String = 7,
    Complex64 = 8,
    Int64 = 9,
    Bool = 10,
    BFloat16 = 14,
    UInt16 = 17,
    Complex128 = 18,
    Float16 = 19,
    Resource = 20,
    Variant = 21,
    UInt32 = 22,
    UInt64 = 23,
};

// Python names: "float32", "int64", "bool", "string", "float16", "bfloat16", ...
std::string_view dtypeName(DType dt);
// TensorFlow's C++ DataTypeString names used inside error texts: "float", "double", "int32", "half".
std::string_view dtypeCppName(DType dt);
// Inverse of dtypeName (also accepts the C++ names); Invalid when unknown.
DType dtypeFromName(std::string_view name);
// Bytes per element of the in-memory representation (sizeof(std::string) for String); 0 if none.
size_t dtypeSize(DType dt);
bool isFloating(DType dt); // half, bfloat16, float32, float64
bool isInteger(DType dt);  // signed and unsigned integers, not bool
bool isSigned(DType dt);
bool isSupported(DType dt); // the types tensors can hold now
bool isComplex(DType dt);   // complex64, complex128
// complex64 -> float32, complex128 -> float64, other types unchanged (TF's DType.real_dtype)
DType realPartDType(DType dt);

// A set of dtypes as a bit mask (all values are below 64).
using DTypeMask = uint64_t;
constexpr DTypeMask maskOf(DType dt) {
    return DTypeMask{ 1 } << static_cast<int>(dt);
}
template<class... D> constexpr DTypeMask maskOf(DType first, D... rest) {
    return (maskOf(first) | ... | maskOf(rest));
}
constexpr bool inMask(DTypeMask mask, DType dt) {
    return (mask & maskOf(dt)) != 0;
}
constexpr DTypeMask kFloatTypes = maskOf(DType::Float16, DType::BFloat16, DType::Float32, DType::Float64);
constexpr DTypeMask kIntTypes = maskOf(DType::Int8, DType::Int16, DType::Int32, DType::Int64, DType::UInt8);
constexpr DTypeMask kRealTypes = kFloatTypes | kIntTypes;
constexpr DTypeMask kAllTypes = kRealTypes | maskOf(DType::Bool, DType::String);
constexpr DTypeMask kComplexTypes = maskOf(DType::Complex64, DType::Complex128);
// What an op that only moves elements (reshape, gather, concat, ...) takes: everything a tensor holds.
constexpr DTypeMask kAnyTypes = kAllTypes | kComplexTypes;

// C++ element type → DType.
template<class T> struct DTypeOf;
template<> struct DTypeOf<float> { static constexpr DType value = DType::Float32; };
template<> struct DTypeOf<double> { static constexpr DType value = DType::Float64; };
template<> struct DTypeOf<int32_t> { static constexpr DType value = DType::Int32; };
template<> struct DTypeOf<uint8_t> { static constexpr DType value = DType::UInt8; };
template<> struct DTypeOf<int16_t> { static constexpr DType value = DType::Int16; };
template<> struct DTypeOf<int8_t> { static constexpr DType value = DType::Int8; };
template<> struct DTypeOf<std::string> { static constexpr DType value = DType::String; };
template<> struct DTypeOf<int64_t> { static constexpr DType value = DType::Int64; };
template<> struct DTypeOf<bool> { static constexpr DType value = DType::Bool; };
template<> struct DTypeOf<ResourceHandle> { static constexpr DType value = DType::Resource; };
template<> struct DTypeOf<Variant> { static constexpr DType value = DType::Variant; };
template<> struct DTypeOf<Eigen::bfloat16> { static constexpr DType value = DType::BFloat16; };
template<> struct DTypeOf<Eigen::half> { static constexpr DType value = DType::Float16; };
template<> struct DTypeOf<std::complex<float>> { static constexpr DType value = DType::Complex64; };
template<> struct DTypeOf<std::complex<double>> { static constexpr DType value = DType::Complex128; };
template<class T> inline constexpr DType dtypeOf = DTypeOf<T>::value;

template<class T> inline constexpr bool kIsComplex = false;
template<class T> inline constexpr bool kIsComplex<std::complex<T>> = true;

} // namespace graphlens::tensor
