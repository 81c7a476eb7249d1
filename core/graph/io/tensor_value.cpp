#include "core/graph/io/tensor_value.h"

#include <bit>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "core/graph/io/sstable.h"
#include "core/tensor/dtype.h"
#include "core/util/error.h"

namespace graphlens::io {

static_assert(std::endian::native == std::endian::little, "raw tensor bytes are stored in host order");

namespace {

using tensorflow::DataType;

// Repeated strings are bounded separately from the element limit: a short proto can declare a huge shape with
// one long string that TF would copy into every element.
constexpr uint64_t kMaxRepeatedStringBytes = uint64_t(256) << 20;

template<typename T> T load(const TensorValue& v, int64_t index) {
    T out;
    std::memcpy(&out, v.data.data() + size_t(index) * sizeof(T), sizeof(T));
    return out;
}

enum class MiniKind { Ieee, FiniteNanAllOnes, FiniteNanNegZero, Finite };

// Decodes the 8-bit (and 4-bit) float formats; bias and NaN rules differ per variant.
float miniFloat(uint8_t bits, int expBits, int manBits, int bias, MiniKind kind) {
    const int total = 1 + expBits + manBits;
    bits &= uint8_t((1u << total) - 1);
    const bool negative = (bits >> (expBits + manBits)) & 1;
    const int e = (bits >> manBits) & ((1 << expBits) - 1);
    const int m = bits & ((1 << manBits) - 1);
    const float nan = std::numeric_limits<float>::quiet_NaN();
    if (kind == MiniKind::FiniteNanNegZero && bits == (1u << (total - 1))) return nan;
    if (kind == MiniKind::Ieee && e == (1 << expBits) - 1) return m == 0 ? (negative ? -INFINITY : INFINITY) : nan;
    if (kind == MiniKind::FiniteNanAllOnes && e == (1 << expBits) - 1 && m == (1 << manBits) - 1) return nan;
    const float magnitude =
        e == 0 ? std::ldexp(float(m), 1 - bias - manBits) : std::ldexp(1.0f + float(m) / float(1 << manBits), e - bias);
    return negative ? -magnitude : magnitude;
}

std::optional<float> smallFloat(DataType base, uint8_t b) {
    switch (base) {
    case tensorflow::DT_FLOAT8_E5M2:
        return miniFloat(b, 5, 2, 15, MiniKind::Ieee);
    case tensorflow::DT_FLOAT8_E4M3FN:
        return miniFloat(b, 4, 3, 7, MiniKind::FiniteNanAllOnes);
    case tensorflow::DT_FLOAT8_E4M3FNUZ:
        return miniFloat(b, 4, 3, 8, MiniKind::FiniteNanNegZero);
    case tensorflow::DT_FLOAT8_E4M3B11FNUZ:
        return miniFloat(b, 4, 3, 11, MiniKind::FiniteNanNegZero);
    case tensorflow::DT_FLOAT8_E5M2FNUZ:
        return miniFloat(b, 5, 2, 16, MiniKind::FiniteNanNegZero);
    case tensorflow::DT_FLOAT4_E2M1FN:
        return miniFloat(b, 2, 1, 1, MiniKind::Finite);
    default:
        return std::nullopt;
    }
}

// Integer-like dtypes as int64 (unsigned 64-bit handled separately); nullopt for non-integer types.
std::optional<int64_t> integerAt(const TensorValue& v, DataType base, int64_t i) {
    switch (base) {
    case tensorflow::DT_INT8:
    case tensorflow::DT_QINT8:
        return load<int8_t>(v, i);
    case tensorflow::DT_UINT8:
    case tensorflow::DT_QUINT8:
        return load<uint8_t>(v, i);
    case tensorflow::DT_INT16:
    case tensorflow::DT_QINT16:
        return load<int16_t>(v, i);
    case tensorflow::DT_UINT16:
    case tensorflow::DT_QUINT16:
        return load<uint16_t>(v, i);
    case tensorflow::DT_INT32:
    case tensorflow::DT_QINT32:
        return load<int32_t>(v, i);
    case tensorflow::DT_UINT32:
        return load<uint32_t>(v, i);
    case tensorflow::DT_INT64:
        return load<int64_t>(v, i);
    case tensorflow::DT_INT4:
        return int8_t(uint8_t(load<uint8_t>(v, i) << 4)) >> 4;
    case tensorflow::DT_UINT4:
        return load<uint8_t>(v, i) & 0x0f;
    case tensorflow::DT_INT2:
        return int8_t(uint8_t(load<uint8_t>(v, i) << 6)) >> 6;
    case tensorflow::DT_UINT2:
        return load<uint8_t>(v, i) & 0x03;
    default:
        return std::nullopt;
    }
}

std::optional<double> realAt(const TensorValue& v, DataType base, int64_t i) {
    switch (base) {
    case tensorflow::DT_FLOAT:
        return load<float>(v, i);
    case tensorflow::DT_DOUBLE:
        return load<double>(v, i);
    case tensorflow::DT_HALF:
        return halfToFloat(load<uint16_t>(v, i));
    case tensorflow::DT_BFLOAT16:
        return bfloat16ToFloat(load<uint16_t>(v, i));
    default: {
        if (auto f = smallFloat(base, load<uint8_t>(v, i))) return *f;
        return std::nullopt;
    }
    }
}

void checkIndex(const TensorValue& v, int64_t index) {
    if (!v.hasValues()) throw std::out_of_range("tensor has no values: " + v.note);
    const DataType base = baseDtype(v.dtype);
    const uint64_t count = base == tensorflow::DT_STRING ? v.strings.size()
        : dtypeSize(base) == 0                           ? 0
                                                         : v.data.size() / dtypeSize(base);
    if (index < 0 || uint64_t(index) >= count)
        throw std::out_of_range("element " + std::to_string(index) + " of " + std::to_string(count));
}

// numpy's scalar repr: shortest positional form between 1e-4 and 1e16, scientific outside; 6 significant digits.
std::string formatReal(double x) {
    if (std::isnan(x)) return "nan";
    if (std::isinf(x)) return x < 0 ? "-inf" : "inf";
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    std::string s = buf;
    const double a = std::fabs(x);
    if (s.find('e') != std::string::npos) {
        if (a >= 1e-4 && a < 1e16) {
            std::snprintf(buf, sizeof buf, "%.5e", x);
            std::snprintf(buf, sizeof buf, "%.0f", std::strtod(buf, nullptr));
            return std::string(buf) + ".0";
        }
        return s;
    }
    if (s.find('.') == std::string::npos) s += ".0";
    return s;
}

std::string formatComplexPart(double x) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

template<typename Out, typename Get> void fillRepeated(std::string& data, int64_t n, int64_t inN, Get get) {
    data.assign(size_t(n) * sizeof(Out), '\0');
    if (inN <= 0) return;
    Out last{};
    for (int64_t i = 0; i < n; ++i) {
        if (i < inN) last = get(int(i));
        std::memcpy(data.data() + size_t(i) * sizeof(Out), &last, sizeof(Out));
    }
}

struct FloatPair {
    float re, im;
};
struct DoublePair {
    double re, im;
};

} // namespace

int64_t TensorValue::numElements() const {
    if (!shapeKnown) return -1;
    return elementCount(shape).value_or(-1);
}

tensorflow::DataType baseDtype(tensorflow::DataType dtype) {
    const int v = int(dtype);
    return v > 100 ? DataType(v - 100) : dtype;
}

bool isRefDtype(tensorflow::DataType dtype) {
    return int(dtype) > 100;
}

size_t dtypeSize(tensorflow::DataType dtype) {
    switch (baseDtype(dtype)) {
    case tensorflow::DT_FLOAT:
        return 4;
    case tensorflow::DT_DOUBLE:
        return 8;
    case tensorflow::DT_INT32:
        return 4;
    case tensorflow::DT_UINT8:
        return 1;
    case tensorflow::DT_INT16:
        return 2;
    case tensorflow::DT_INT8:
        return 1;
    case tensorflow::DT_COMPLEX64:
        return 8;
    case tensorflow::DT_INT64:
        return 8;
    case tensorflow::DT_BOOL:
        return 1;
    case tensorflow::DT_QINT8:
        return 1;
    case tensorflow::DT_QUINT8:
        return 1;
    case tensorflow::DT_QINT32:
        return 4;
    case tensorflow::DT_BFLOAT16:
        return 2;
    case tensorflow::DT_QINT16:
        return 2;
    case tensorflow::DT_QUINT16:
        return 2;
    case tensorflow::DT_UINT16:
        return 2;
    case tensorflow::DT_COMPLEX128:
        return 16;
    case tensorflow::DT_HALF:
        return 2;
    case tensorflow::DT_UINT32:
        return 4;
    case tensorflow::DT_UINT64:
        return 8;
    case tensorflow::DT_FLOAT8_E5M2:
    case tensorflow::DT_FLOAT8_E4M3FN:
    case tensorflow::DT_FLOAT8_E4M3FNUZ:
    case tensorflow::DT_FLOAT8_E4M3B11FNUZ:
    case tensorflow::DT_FLOAT8_E5M2FNUZ:
    case tensorflow::DT_INT4:
    case tensorflow::DT_UINT4:
    case tensorflow::DT_INT2:
    case tensorflow::DT_UINT2:
    case tensorflow::DT_FLOAT4_E2M1FN:
        return 1;
    default:
        return 0;
    }
}

std::string dtypeName(tensorflow::DataType dtype) {
    // tensor::DType is numbered as DataType; its table holds the names.
    const int base = int(baseDtype(dtype));
    const std::string_view name = tensor::dtypeName(static_cast<tensor::DType>(base));
    if (base != 0 && name == tensor::dtypeName(tensor::DType::Invalid))
        return "dtype(" + std::to_string(int(dtype)) + ")";
    return std::string(name) + (isRefDtype(dtype) && base > 0 ? "_ref" : "");
}

std::optional<int64_t> elementCount(const std::vector<int64_t>& shape) {
    int64_t n = 1;
    for (int64_t d : shape) {
        if (d < 0) return std::nullopt;
        if (d != 0 && n > std::numeric_limits<int64_t>::max() / d) return std::nullopt;
        n *= d;
    }
    return n;
}

TensorValue tensorFromProto(const tensorflow::TensorProto& proto, const std::string& file, const std::string& place,
                            int64_t maxElements) {
    TensorValue v;
    v.dtype = proto.dtype();
    const auto& shapeProto = proto.tensor_shape();
    if (shapeProto.unknown_rank()) throw FormatError(file, place, "tensor value has unknown rank");
    for (const auto& dim : shapeProto.dim()) {
        if (dim.size() < 0)
            throw FormatError(file, place, "tensor value has negative dimension " + std::to_string(dim.size()));
        v.shape.push_back(dim.size());
    }
    const std::optional<int64_t> count = elementCount(v.shape);
    if (!count || *count > maxElements) {
        v.tooLarge = true;
        v.note = count ? std::to_string(*count) + " elements, over the limit of " + std::to_string(maxElements)
                       : "element count overflows int64";
        return v;
    }
    const int64_t n = *count;
    const DataType base = baseDtype(v.dtype);
    const std::string& content = proto.tensor_content();

    if (base == tensorflow::DT_STRING) {
        if (!content.empty()) { // EncodeStringList: varint32 lengths, then the bytes
            size_t pos = 0;
            std::vector<uint32_t> lengths;
            for (int64_t i = 0; i < n; ++i) {
                uint32_t len = 0;
                if (!getVarint32(content, pos, len))
                    throw FormatError(file, place, "malformed string length in tensor_content");
                lengths.push_back(len);
            }
            for (uint32_t len : lengths) {
                if (len > content.size() - pos) throw FormatError(file, place, "string tensor_content too short");
                v.strings.emplace_back(content.data() + pos, len);
                pos += len;
            }
            return v;
        }
        const int64_t inN = proto.string_val_size();
        if (inN > 0 && n > inN) {
            const uint64_t extra = uint64_t(n - inN) * proto.string_val(int(inN - 1)).size();
            if (extra > kMaxRepeatedStringBytes) {
                v.tooLarge = true;
                v.note = "repeated string value would need " + std::to_string(extra) + " bytes";
                return v;
            }
        }
        v.strings.resize(size_t(n));
        for (int64_t i = 0; i < n && inN > 0; ++i) v.strings[size_t(i)] = proto.string_val(int(std::min(i, inN - 1)));
        return v;
    }
    if (base == tensorflow::DT_RESOURCE || base == tensorflow::DT_VARIANT || dtypeSize(base) == 0) {
        v.unsupported = true;
        v.note = dtypeName(v.dtype) + " values are not decoded";
        return v;
    }
    const size_t elem = dtypeSize(base);
    if (!content.empty()) {
        if (content.size() != uint64_t(n) * elem)
            throw FormatError(file, place,
                              "tensor_content has " + std::to_string(content.size()) + " bytes, expected " +
                                  std::to_string(uint64_t(n) * elem) + " for " + std::to_string(n) + " x " +
                                  dtypeName(v.dtype));
        v.data = content;
        return v;
    }
    switch (base) {
    case tensorflow::DT_FLOAT:
        fillRepeated<float>(v.data, n, proto.float_val_size(), [&](int i) { return proto.float_val(i); });
        break;
    case tensorflow::DT_DOUBLE:
        fillRepeated<double>(v.data, n, proto.double_val_size(), [&](int i) { return proto.double_val(i); });
        break;
    case tensorflow::DT_INT64:
        fillRepeated<int64_t>(v.data, n, proto.int64_val_size(), [&](int i) { return proto.int64_val(i); });
        break;
    case tensorflow::DT_UINT32:
        fillRepeated<uint32_t>(v.data, n, proto.uint32_val_size(), [&](int i) { return proto.uint32_val(i); });
        break;
    case tensorflow::DT_UINT64:
        fillRepeated<uint64_t>(v.data, n, proto.uint64_val_size(), [&](int i) { return proto.uint64_val(i); });
        break;
    case tensorflow::DT_BOOL:
        fillRepeated<uint8_t>(v.data, n, proto.bool_val_size(), [&](int i) { return uint8_t(proto.bool_val(i)); });
        break;
    case tensorflow::DT_HALF:
    case tensorflow::DT_BFLOAT16:
        fillRepeated<uint16_t>(v.data, n, proto.half_val_size(), [&](int i) { return uint16_t(proto.half_val(i)); });
        break;
    case tensorflow::DT_COMPLEX64:
        fillRepeated<FloatPair>(v.data, n, proto.scomplex_val_size() / 2, [&](int i) {
            return FloatPair{ proto.scomplex_val(2 * i), proto.scomplex_val(2 * i + 1) };
        });
        break;
    case tensorflow::DT_COMPLEX128:
        fillRepeated<DoublePair>(v.data, n, proto.dcomplex_val_size() / 2, [&](int i) {
            return DoublePair{ proto.dcomplex_val(2 * i), proto.dcomplex_val(2 * i + 1) };
        });
        break;
    case tensorflow::DT_INT32:
    case tensorflow::DT_QINT32:
        fillRepeated<int32_t>(v.data, n, proto.int_val_size(), [&](int i) { return proto.int_val(i); });
        break;
    case tensorflow::DT_INT16:
    case tensorflow::DT_QINT16:
    case tensorflow::DT_UINT16:
    case tensorflow::DT_QUINT16:
        fillRepeated<uint16_t>(v.data, n, proto.int_val_size(), [&](int i) { return uint16_t(proto.int_val(i)); });
        break;
    case tensorflow::DT_INT8:
    case tensorflow::DT_QINT8:
    case tensorflow::DT_UINT8:
    case tensorflow::DT_QUINT8:
    case tensorflow::DT_INT4:
    case tensorflow::DT_UINT4:
    case tensorflow::DT_INT2:
    case tensorflow::DT_UINT2:
        fillRepeated<uint8_t>(v.data, n, proto.int_val_size(), [&](int i) { return uint8_t(proto.int_val(i)); });
        break;
    default: { // float8 / float4: one byte per element in float8_val
        const std::string& bytes = proto.float8_val();
        fillRepeated<uint8_t>(v.data, n, int64_t(bytes.size()), [&](int i) { return uint8_t(bytes[size_t(i)]); });
        break;
    }
    }
    return v;
}

std::string formatElement(const TensorValue& v, int64_t index) {
    checkIndex(v, index);
    const DataType base = baseDtype(v.dtype);
    if (base == tensorflow::DT_STRING) return bytesRepr(v.strings[size_t(index)]);
    if (base == tensorflow::DT_BOOL) return load<uint8_t>(v, index) ? "True" : "False";
    if (base == tensorflow::DT_UINT64) return std::to_string(load<uint64_t>(v, index));
    if (auto i = integerAt(v, base, index)) return std::to_string(*i);
    if (auto r = realAt(v, base, index)) return formatReal(*r);
    double re = 0, im = 0;
    if (base == tensorflow::DT_COMPLEX64) {
        const auto p = load<FloatPair>(v, index);
        re = p.re, im = p.im;
    } else {
        const auto p = load<DoublePair>(v, index);
        re = p.re, im = p.im;
    }
    std::string imag = formatComplexPart(im);
    if (imag[0] != '-' && imag[0] != '+') imag = "+" + imag;
    return "(" + formatComplexPart(re) + imag + "j)";
}

double elementAsDouble(const TensorValue& v, int64_t index) {
    checkIndex(v, index);
    const DataType base = baseDtype(v.dtype);
    if (base == tensorflow::DT_STRING) return std::numeric_limits<double>::quiet_NaN();
    if (base == tensorflow::DT_BOOL) return load<uint8_t>(v, index) ? 1.0 : 0.0;
    if (base == tensorflow::DT_UINT64) return double(load<uint64_t>(v, index));
    if (auto i = integerAt(v, base, index)) return double(*i);
    if (auto r = realAt(v, base, index)) return *r;
    if (base == tensorflow::DT_COMPLEX64) {
        const auto p = load<FloatPair>(v, index);
        return std::abs(std::complex<double>(p.re, p.im));
    }
    const auto p = load<DoublePair>(v, index);
    return std::abs(std::complex<double>(p.re, p.im));
}

float halfToFloat(uint16_t h) {
    const uint32_t sign = uint32_t(h & 0x8000) << 16;
    const int exp = (h >> 10) & 0x1f;
    const uint32_t man = h & 0x3ff;
    float f;
    if (exp == 0x1f) {
        const uint32_t bits = sign | 0x7f800000u | (man << 13);
        std::memcpy(&f, &bits, 4);
        return f;
    }
    f = exp == 0 ? std::ldexp(float(man), -24) : std::ldexp(float(man | 0x400), exp - 25);
    return sign ? -f : f;
}

float bfloat16ToFloat(uint16_t bits) {
    const uint32_t wide = uint32_t(bits) << 16;
    float f;
    std::memcpy(&f, &wide, 4);
    return f;
}

std::string bytesRepr(const std::string& bytes) {
    // Python prefers single quotes and switches to double quotes only when that avoids escaping.
    const bool hasSingle = bytes.find('\'') != std::string::npos;
    const char quote = hasSingle && bytes.find('"') == std::string::npos ? '"' : '\'';
    std::string out = "b";
    out.push_back(quote);
    for (unsigned char c : bytes) {
        if (c == '\\') out += "\\\\";
        else if (c == static_cast<unsigned char>(quote)) out += std::string("\\") + char(quote);
        else if (c == '\n') out += "\\n";
        else if (c == '\r') out += "\\r";
        else if (c == '\t') out += "\\t";
        else if (c < 0x20 || c >= 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", c);
            out += buf;
        } else out.push_back(char(c));
    }
    out.push_back(quote);
    return out;
}

} // namespace graphlens::io
