#pragma once
// numpy 2.4's str()/repr() of ndarrays and numpy scalars (numpy/_core/arrayprint.py with the
// default print options: precision 8, floatmode 'maxprec', threshold 1000, edgeitems 3,
// linewidth 75), byte for byte.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace graphlens::numeric {

enum class ElementType {
    Bool, // one byte per element, 0 or 1
    Int8,
    Int16,
    Int32,
    Int64,
    UInt8,
    UInt16,
    UInt32,
    UInt64,
    Float16,
    BFloat16,
    Float32,
    Float64,    // bit patterns (BFloat16 is ml_dtypes' type)
    Complex64,  // (float real, float imag) pairs
    Complex128, // (double real, double imag) pairs
    Bytes,      // numpy 'S' (fixed width, trailing NULs dropped on read)
    Unicode,    // numpy 'U' (strings hold UTF-8)
    Object,     // dtype=object holding Python bytes (what TF string tensors give as .numpy())
};

// A row-major, contiguous array. Numeric elements live in `data` (native layout, element size
// from the type); string elements in `strings`. `stringWidth` is the dtype's item length for
// Bytes (bytes) and Unicode (code points); 0 means the longest element.
struct ArrayView {
    ElementType type = ElementType::Float32;
    std::vector<int64_t> shape;
    const void* data = nullptr;
    std::span<const std::string> strings;
    int64_t stringWidth = 0;

    int64_t size() const;
};

struct PrintOptions {
    int precision = 8;
    int64_t threshold = 1000;
    int edgeItems = 3;
    int lineWidth = 75;
    bool suppressSmall = false;
};

// str(a) / print(a).
std::string numpyStr(const ArrayView& a, const PrintOptions& opt = {});
// repr(a): "array([...], dtype=float32)".
std::string numpyRepr(const ArrayView& a, const PrintOptions& opt = {});
// np.array2string(a, separator=, prefix=, suffix=) (the part inside "array(...)").
std::string array2string(const ArrayView& a, const PrintOptions& opt, std::string_view separator,
                         std::string_view prefix, std::string_view suffix);

// The numpy scalar a[()] of a 0-d (or any; the first element is used) array: str and repr
// ("1.5" / "np.float32(1.5)", "np.True_", "np.bytes_(b'x')").
std::string numpyScalarStr(const ArrayView& a);
std::string numpyScalarRepr(const ArrayView& a);

// numpy's dtype names as repr() shows them: "float32", "bfloat16", "'<U3'", "'|S4'", "object".
std::string numpyDtypeRepr(const ArrayView& a);
std::string elementTypeName(ElementType t); // "float32", "int64", "bool", "bytes", ...

// CPython repr(complex): "2j", "(1-2j)", "(inf+nanj)".
std::string pythonComplexRepr(double real, double imag);

// CPython repr of bytes / str objects (quote choice and escapes as CPython does them).
std::string pythonBytesRepr(std::string_view bytes);
std::string pythonStrRepr(std::string_view utf8);

// Python's str() of the tuple of a shape: "()", "(3,)", "(2, 3)".
std::string pythonShapeTuple(std::span<const int64_t> shape);

} // namespace graphlens::numeric
