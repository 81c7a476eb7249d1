#include "core/numeric/tf_format.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "core/numeric/float16.h"
#include "core/numeric/format_float.h"

namespace graphlens::numeric {

namespace {

bool isStringType(ElementType t) {
    return t == ElementType::Bytes || t == ElementType::Object;
}

// .numpy() of a string tensor is an object array of Python bytes.
ArrayView asNumpy(const ArrayView& t) {
    ArrayView v = t;
    if (isStringType(t.type)) v.type = ElementType::Object;
    return v;
}

template<class T> T load(const void* data, int64_t i) {
    T v;
    std::memcpy(&v, static_cast<const char*>(data) + static_cast<size_t>(i) * sizeof(T), sizeof(T));
    return v;
}

// numpy_text(): numpy's str (or repr; scalars as repr(.item())), a newline first if multi-line.
std::string numpyText(const ArrayView& t, bool isRepr) {
    const ArrayView v = asNumpy(t);
    std::string text;
    if (!isRepr) {
        text = numpyStr(v);
    } else if (!v.shape.empty()) {
        text = numpyRepr(v);
    } else {
        switch (v.type) {
        case ElementType::Bool:
            text = load<uint8_t>(v.data, 0) ? "True" : "False";
            break;
        case ElementType::Float16:
            text = pythonFloatRepr(halfToDouble(Half{ load<uint16_t>(v.data, 0) }));
            break;
        case ElementType::BFloat16:
            text = pythonFloatRepr(bfloat16ToFloat(BFloat16{ load<uint16_t>(v.data, 0) }));
            break;
        case ElementType::Float32:
            text = pythonFloatRepr(load<float>(v.data, 0));
            break;
        case ElementType::Float64:
            text = pythonFloatRepr(load<double>(v.data, 0));
            break;
        case ElementType::Object:
            text = pythonBytesRepr(v.strings[0]);
            break;
        case ElementType::Complex64:
            text = pythonComplexRepr(load<float>(v.data, 0), load<float>(v.data, 1));
            break;
        case ElementType::Complex128:
            text = pythonComplexRepr(load<double>(v.data, 0), load<double>(v.data, 1));
            break;
        default:
            text = numpyScalarStr(v);
            break; // Python int
        }
    }
    if (text.find('\n') != std::string::npos) text = "\n" + text;
    return text;
}

std::string cEscapeQuoted(std::string_view s) {
    // absl::Utf8SafeCEscape: bytes >= 0x80 pass through, other unprintables become octal.
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        case '"':
            out += "\\\"";
            break;
        case '\'':
            out += "\\'";
            break;
        case '\\':
            out += "\\\\";
            break;
        default:
            if (c < 0x80 && (c < 0x20 || c == 0x7f)) {
                const char oct[5] = { '\\', static_cast<char>('0' + (c >> 6)), static_cast<char>('0' + ((c >> 3) & 7)),
                                      static_cast<char>('0' + (c & 7)), 0 };
                out += oct;
            } else {
                out += static_cast<char>(c);
            }
        }
    }
    return out + "\"";
}

// TF runs kernels with denormals flushed (FTZ/DAZ), so tf.print shows them as signed zeros.
float flushFloat(float v) {
    return std::fpclassify(v) == FP_SUBNORMAL ? std::copysign(0.0f, v) : v;
}
double flushDouble(double v) {
    return std::fpclassify(v) == FP_SUBNORMAL ? std::copysign(0.0, v) : v;
}

std::string elementText(const ArrayView& t, int64_t i) {
    switch (t.type) {
    case ElementType::Bool:
        return load<uint8_t>(t.data, i) ? "1" : "0";
    case ElementType::Int8:
        return std::to_string(load<int8_t>(t.data, i));
    case ElementType::Int16:
        return std::to_string(load<int16_t>(t.data, i));
    case ElementType::Int32:
        return std::to_string(load<int32_t>(t.data, i));
    case ElementType::Int64:
        return std::to_string(load<int64_t>(t.data, i));
    case ElementType::UInt8:
        return std::to_string(load<uint8_t>(t.data, i));
    case ElementType::UInt16:
        return std::to_string(load<uint16_t>(t.data, i));
    case ElementType::UInt32:
        return std::to_string(load<uint32_t>(t.data, i));
    case ElementType::UInt64:
        return std::to_string(load<uint64_t>(t.data, i));
    case ElementType::Float16:
        return tfFloatToBuffer(halfToFloat(Half{ load<uint16_t>(t.data, i) }));
    case ElementType::BFloat16:
        return tfFloatToBuffer(flushFloat(bfloat16ToFloat(BFloat16{ load<uint16_t>(t.data, i) })));
    case ElementType::Float32:
        return tfFloatToBuffer(flushFloat(load<float>(t.data, i)));
    case ElementType::Float64:
        return tfDoubleToBuffer(flushDouble(load<double>(t.data, i)));
    case ElementType::Complex64: // TF's SummarizeArray has no case for complex types
    case ElementType::Complex128:
        return "?";
    default:
        return cEscapeQuoted(t.strings[static_cast<size_t>(i)]);
    }
}

void dimSpacing(size_t dim, size_t dims, std::string& out) {
    if (dim == dims - 1) {
        out += ' ';
        return;
    }
    out.append(dims - dim - 1, '\n');
    out.append(dim + 1, ' ');
}

// PrintOneDimV2.
void printDim(const ArrayView& t, size_t dim, int64_t atEnds, int64_t offset, std::string& out) {
    const size_t dims = t.shape.size();
    if (dim == dims) {
        out += elementText(t, offset);
        return;
    }
    out += '[';
    const int64_t count = t.shape[dim];
    int64_t stride = 1;
    for (size_t k = dim + 1; k < dims; ++k) stride *= t.shape[k];
    const int64_t startOfEnd = std::max(atEnds, count - atEnds);
    for (int64_t i = 0; i < atEnds && i < count; ++i) {
        if (i > 0) dimSpacing(dim, dims, out);
        printDim(t, dim + 1, atEnds, offset + stride * i, out);
    }
    if (count > 2 * atEnds) {
        dimSpacing(dim, dims, out);
        out += "...";
    }
    for (int64_t i = startOfEnd; i < count; ++i) {
        dimSpacing(dim, dims, out);
        printDim(t, dim + 1, atEnds, offset + stride * i, out);
    }
    out += ']';
}

} // namespace

std::string tfDtypeName(ElementType t) {
    return isStringType(t) ? "string" : elementTypeName(t);
}

std::string tfTensorStr(const ArrayView& t) {
    return "tf.Tensor(" + numpyText(t, false) + ", shape=" + pythonShapeTuple(t.shape) +
        ", dtype=" + tfDtypeName(t.type) + ")";
}

std::string tfTensorRepr(const ArrayView& t) {
    return "<tf.Tensor: shape=" + pythonShapeTuple(t.shape) + ", dtype=" + tfDtypeName(t.type) +
        ", numpy=" + numpyText(t, true) + ">";
}

std::string tfVariableRepr(std::string_view name, const ArrayView& value) {
    return "<tf.Variable '" + std::string(name) + "' shape=" + pythonShapeTuple(value.shape) +
        " dtype=" + tfDtypeName(value.type) + ", numpy=" + numpyText(value, true) + ">";
}

std::string tfSummarize(const ArrayView& t, int64_t summarize) {
    const int64_t n = t.size();
    if (n == 0 && t.type == ElementType::Bool) return {}; // TF prints nothing for empty bools
    const int64_t limit = std::min(summarize < 0 ? n : summarize, n);
    std::string out;
    if (t.shape.empty()) {
        for (int64_t i = 0; i < limit; ++i) {
            if (i > 0) out += ' ';
            out += elementText(t, i);
        }
        if (n > limit) out += "...";
        return out;
    }
    printDim(t, 0, limit, 0, out);
    return out;
}

std::string tfPrint(std::span<const TfPrintArg> args, int64_t summarize, std::string_view sep, std::string_view end) {
    std::string out;
    if (args.size() == 1 && args[0].tensor && isStringType(args[0].tensor->type) && args[0].tensor->shape.empty())
        return std::string(args[0].tensor->strings[0]) + std::string(end);
    for (size_t i = 0; i < args.size(); ++i) {
        if (i) out += sep;
        out += args[i].tensor ? tfSummarize(*args[i].tensor, summarize) : args[i].text;
    }
    return out + std::string(end);
}

} // namespace graphlens::numeric
