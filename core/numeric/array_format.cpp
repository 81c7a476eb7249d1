#include "core/numeric/array_format.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <memory>

#include "core/numeric/float16.h"
#include "core/numeric/format_float.h"

namespace graphlens::numeric {

int64_t ArrayView::size() const {
    int64_t n = 1;
    for (int64_t d : shape) n *= d;
    return n;
}

namespace {

bool isFloat(ElementType t) {
    return t == ElementType::Float16 || t == ElementType::Float32 || t == ElementType::Float64;
}
bool isComplex(ElementType t) {
    return t == ElementType::Complex64 || t == ElementType::Complex128;
}
bool isSignedInt(ElementType t) {
    return t == ElementType::Int8 || t == ElementType::Int16 || t == ElementType::Int32 || t == ElementType::Int64;
}
bool isUnsignedInt(ElementType t) {
    return t == ElementType::UInt8 || t == ElementType::UInt16 || t == ElementType::UInt32 || t == ElementType::UInt64;
}

template<class T> T load(const void* data, int64_t i) {
    T v;
    std::memcpy(&v, static_cast<const char*>(data) + static_cast<size_t>(i) * sizeof(T), sizeof(T));
    return v;
}

double floatAt(const ArrayView& a, int64_t i) {
    switch (a.type) {
    case ElementType::Float16:
        return halfToDouble(Half{ load<uint16_t>(a.data, i) });
    case ElementType::BFloat16:
        return bfloat16ToFloat(BFloat16{ load<uint16_t>(a.data, i) });
    case ElementType::Float32:
        return load<float>(a.data, i);
    default:
        return load<double>(a.data, i);
    }
}

int64_t signedAt(const ArrayView& a, int64_t i) {
    switch (a.type) {
    case ElementType::Int8:
        return load<int8_t>(a.data, i);
    case ElementType::Int16:
        return load<int16_t>(a.data, i);
    case ElementType::Int32:
        return load<int32_t>(a.data, i);
    default:
        return load<int64_t>(a.data, i);
    }
}

uint64_t unsignedAt(const ArrayView& a, int64_t i) {
    switch (a.type) {
    case ElementType::UInt8:
        return load<uint8_t>(a.data, i);
    case ElementType::UInt16:
        return load<uint16_t>(a.data, i);
    case ElementType::UInt32:
        return load<uint32_t>(a.data, i);
    default:
        return load<uint64_t>(a.data, i);
    }
}

FloatWidth widthOf(ElementType t) {
    return t == ElementType::Float16                               ? FloatWidth::Half
        : t == ElementType::Float32 || t == ElementType::Complex64 ? FloatWidth::Single
                                                                   : FloatWidth::Double;
}

// part 0 (real) or 1 (imaginary) of complex element i
double complexPartAt(const ArrayView& a, int64_t i, int part) {
    if (a.type == ElementType::Complex64) return load<float>(a.data, 2 * i + part);
    return load<double>(a.data, 2 * i + part);
}

// Rounds a double that came from arithmetic on dtype values back to the dtype (numpy computes
// float16 arithmetic in float and rounds).
double inDtype(double v, FloatWidth w) {
    if (w == FloatWidth::Single) return static_cast<float>(v);
    if (w == FloatWidth::Half) return halfToDouble(doubleToHalf(static_cast<float>(v)));
    return v;
}

// Python's len() of a UTF-8 string: code points.
size_t pyLen(std::string_view s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xc0) != 0x80;
    return n;
}

std::string rstrip(std::string s) {
    while (!s.empty() && (s.back() == ' ' || s.back() == '\n')) s.pop_back();
    return s;
}

std::string stringElement(const ArrayView& a, int64_t i) {
    std::string s = a.strings[static_cast<size_t>(i)];
    if (a.type == ElementType::Bytes) {
        while (!s.empty() && s.back() == '\0') s.pop_back();
    }
    return s;
}

// numpy's FloatingFormat (maxprec, sign '-') filled from the values that will be shown.
class FloatFormat {
public:
    // sign '-' (a minus on negatives) or '+' (every value signed), as numpy's `sign` option
    FloatFormat(const std::vector<double>& values, FloatWidth width, const PrintOptions& opt, char sign = '-')
        : m_width(width)
        , m_precision(opt.precision)
        , m_sign(sign) {
        std::vector<double> finite;
        bool anyNonFinite = false;
        bool negInf = sign == '+';
        for (const double v : values) {
            if (std::isfinite(v)) {
                finite.push_back(v);
            } else {
                anyNonFinite = true;
                negInf = negInf || (std::isinf(v) && v < 0);
            }
        }
        double maxVal = -1;
        double minVal = -1;
        for (double v : finite) {
            if (v == 0) continue;
            const double av = std::fabs(v);
            maxVal = maxVal < 0 ? av : std::max(maxVal, av);
            minVal = minVal < 0 ? av : std::min(minVal, av);
        }
        if (maxVal > 0) {
            // Thresholds and the ratio are computed in the array's dtype (NEP 50 weak scalars).
            const double cutoff = m_width == FloatWidth::Half ? 1e3 : m_width == FloatWidth::Single ? 1e6 : 1e8;
            const double small = inDtype(0.0001, m_width);
            const double ratio = inDtype(maxVal / minVal, m_width);
            m_exp = maxVal >= cutoff || (!opt.suppressSmall && (minVal < small || ratio > 1000.0));
        }
        if (finite.empty()) {
            m_padLeft = 0;
            m_padRight = 0;
        } else if (m_exp) {
            size_t expSize = 0;
            size_t fracMax = 0;
            size_t intMax = 0;
            Dragon4Options o;
            o.precision = m_precision;
            o.trim = Trim::Point;
            for (double v : finite) {
                const std::string s = signed_(v, dragon4Scientific(v, m_width, o));
                const size_t e = s.find('e');
                const size_t point = s.find('.');
                expSize = std::max(expSize, s.size() - e - 2);
                intMax = std::max(intMax, point);
                fracMax = std::max(fracMax, e - point - 1);
            }
            m_expSize = static_cast<int>(expSize);
            m_precision = static_cast<int>(fracMax);
            m_minDigits = m_precision;
            m_trim = Trim::Keep;
            m_padLeft = static_cast<int>(intMax);
            m_padRight = m_expSize + 2 + m_precision;
        } else {
            size_t fracMax = 0;
            size_t intMax = 0;
            Dragon4Options o;
            o.precision = m_precision;
            o.trim = Trim::Point;
            for (double v : finite) {
                const std::string s = signed_(v, dragon4Positional(v, m_width, o));
                const size_t point = s.find('.');
                intMax = std::max(intMax, point);
                fracMax = std::max(fracMax, s.size() - point - 1);
            }
            m_padLeft = static_cast<int>(intMax);
            m_padRight = static_cast<int>(fracMax);
            m_minDigits = 0;
        }
        if (anyNonFinite) {
            const int offset = m_padRight + 1;
            m_padLeft = std::max({ m_padLeft, 3 - offset, 3 + (negInf ? 1 : 0) - offset });
        }
    }

    std::string operator()(double x) const {
        if (!std::isfinite(x)) {
            const std::string plus = m_sign == '+' ? "+" : "";
            const std::string ret = std::isnan(x) ? plus + "nan" : x < 0 ? "-inf" : plus + "inf";
            const int pad = m_padLeft + m_padRight + 1 - static_cast<int>(ret.size());
            return std::string(static_cast<size_t>(std::max(pad, 0)), ' ') + ret;
        }
        Dragon4Options o;
        o.precision = m_precision;
        o.minDigits = m_minDigits;
        o.trim = m_trim;
        // a '+' goes between the left padding and the digits: pad after adding it
        if (m_sign != '+') o.padLeft = m_padLeft;
        std::string s;
        if (m_exp) {
            o.expDigits = m_expSize;
            s = dragon4Scientific(x, m_width, o);
        } else {
            o.padRight = m_padRight;
            s = dragon4Positional(x, m_width, o);
        }
        if (m_sign != '+') return s;
        s = signed_(x, s);
        const size_t point = std::min(s.find('.'), s.size());
        if (static_cast<int>(point) < m_padLeft) s.insert(0, static_cast<size_t>(m_padLeft) - point, ' ');
        return s;
    }

private:
    std::string signed_(double v, std::string s) const { return m_sign == '+' && !std::signbit(v) ? "+" + s : s; }
    FloatWidth m_width;
    int m_precision;
    bool m_exp = false;
    int m_padLeft = 0;
    int m_padRight = 0;
    int m_minDigits = -1;
    int m_expSize = -1;
    Trim m_trim = Trim::Point;
    char m_sign = '-';
};

using ElementFn = std::function<std::string(int64_t)>;

std::string intText(const ArrayView& a, int64_t i) {
    return isSignedInt(a.type) ? std::to_string(signedAt(a, i)) : std::to_string(unsignedAt(a, i));
}

ElementFn makeFormatter(const ArrayView& a, const std::vector<int64_t>& shown, const PrintOptions& opt) {
    if (isFloat(a.type)) {
        std::vector<double> values;
        values.reserve(shown.size());
        for (int64_t i : shown) values.push_back(floatAt(a, i));
        auto fmt = std::make_shared<FloatFormat>(values, widthOf(a.type), opt);
        return [fmt, &a](int64_t i) { return (*fmt)(floatAt(a, i)); };
    }
    if (isComplex(a.type)) {
        // numpy's ComplexFloatingFormat: each part formatted over its own values, the imaginary
        // one always signed, its 'j' before the padding
        std::vector<double> re, im;
        for (int64_t i : shown) {
            re.push_back(complexPartAt(a, i, 0));
            im.push_back(complexPartAt(a, i, 1));
        }
        auto real = std::make_shared<FloatFormat>(re, widthOf(a.type), opt);
        auto imag = std::make_shared<FloatFormat>(im, widthOf(a.type), opt, '+');
        return [real, imag, &a](int64_t i) {
            std::string r = (*real)(complexPartAt(a, i, 0));
            std::string j = (*imag)(complexPartAt(a, i, 1));
            size_t end = j.find_last_not_of(' ') + 1;
            j.insert(end, "j");
            return r + j;
        };
    }
    if (isSignedInt(a.type) || isUnsignedInt(a.type)) {
        size_t width = 0;
        for (int64_t i : shown) width = std::max(width, intText(a, i).size());
        return [width, &a](int64_t i) {
            std::string s = intText(a, i);
            if (s.size() < width) s.insert(0, width - s.size(), ' ');
            return s;
        };
    }
    if (a.type == ElementType::Bool) {
        const std::string trueText = a.shape.empty() ? "True" : " True";
        return [trueText, &a](int64_t i) { return load<uint8_t>(a.data, i) ? trueText : std::string("False"); };
    }
    if (a.type == ElementType::BFloat16) {
        return [&a](int64_t i) { return mlDtypesFloatStr(static_cast<float>(floatAt(a, i))); };
    }
    if (a.type == ElementType::Unicode) return [&a](int64_t i) { return pythonStrRepr(stringElement(a, i)); };
    return [&a](int64_t i) { return pythonBytesRepr(stringElement(a, i)); };
}

// The flat indices shown: per axis the first and last edgeItems when summarizing.
void collectShown(const ArrayView& a, bool summary, int edge, size_t axis, int64_t offset,
                  const std::vector<int64_t>& strides, std::vector<int64_t>& out) {
    if (axis == a.shape.size()) {
        out.push_back(offset);
        return;
    }
    const int64_t n = a.shape[axis];
    for (int64_t i = 0; i < n; ++i) {
        if (summary && n > 2 * edge && i >= edge && i < n - edge) continue;
        collectShown(a, summary, edge, axis + 1, offset + i * strides[axis], strides, out);
    }
}

void extendLine(std::string& s, std::string& line, const std::string& word, size_t width,
                const std::string& nextLinePrefix) {
    bool wrap = pyLen(line) + pyLen(word) > width;
    if (pyLen(line) <= pyLen(nextLinePrefix)) wrap = false;
    if (wrap) {
        s += rstrip(line) + "\n";
        line = nextLinePrefix;
    }
    line += word;
}

struct Recurser {
    const ArrayView& a;
    const ElementFn& fmt;
    std::vector<int64_t> strides;
    std::string separator;
    int edge;
    bool summary;

    std::string operator()(size_t axis, int64_t offset, const std::string& hanging, int currWidth) const {
        const size_t axesLeft = a.shape.size() - axis;
        if (axesLeft == 0) return fmt(offset);
        const std::string nextHanging = hanging + " ";
        const int nextWidth = currWidth - 1;
        const int64_t len = a.shape[axis];
        const bool showSummary = summary && 2 * edge < len;
        const int64_t leading = showSummary ? edge : 0;
        const int64_t trailing = showSummary ? edge : len;
        auto child = [&](int64_t i) { return (*this)(axis + 1, offset + i * strides[axis], nextHanging, nextWidth); };
        const std::string sepStripped = rstrip(separator);
        std::string s;
        if (axesLeft == 1) {
            const size_t elemWidth = static_cast<size_t>(currWidth) - std::max<size_t>(sepStripped.size(), 1);
            std::string line = hanging;
            for (int64_t i = 0; i < leading; ++i) {
                extendLine(s, line, child(i), elemWidth, hanging);
                line += separator;
            }
            if (showSummary) {
                extendLine(s, line, "...", elemWidth, hanging);
                line += separator;
            }
            for (int64_t i = trailing; i > 1; --i) {
                extendLine(s, line, child(len - i), elemWidth, hanging);
                line += separator;
            }
            extendLine(s, line, child(len - 1), elemWidth, hanging);
            s += line;
        } else {
            const std::string lineSep = sepStripped + std::string(axesLeft - 1, '\n');
            for (int64_t i = 0; i < leading; ++i) s += hanging + child(i) + lineSep;
            if (showSummary) s += hanging + "..." + lineSep;
            for (int64_t i = trailing; i > 1; --i) s += hanging + child(len - i) + lineSep;
            s += hanging + child(len - 1);
        }
        return "[" + s.substr(hanging.size()) + "]";
    }
};

std::string pyTypeName(ElementType t) {
    return "np." + elementTypeName(t);
}

} // namespace

std::string elementTypeName(ElementType t) {
    switch (t) {
    case ElementType::Bool:
        return "bool";
    case ElementType::Int8:
        return "int8";
    case ElementType::Int16:
        return "int16";
    case ElementType::Int32:
        return "int32";
    case ElementType::Int64:
        return "int64";
    case ElementType::UInt8:
        return "uint8";
    case ElementType::UInt16:
        return "uint16";
    case ElementType::UInt32:
        return "uint32";
    case ElementType::UInt64:
        return "uint64";
    case ElementType::Float16:
        return "float16";
    case ElementType::BFloat16:
        return "bfloat16";
    case ElementType::Float32:
        return "float32";
    case ElementType::Float64:
        return "float64";
    case ElementType::Complex64:
        return "complex64";
    case ElementType::Complex128:
        return "complex128";
    case ElementType::Bytes:
        return "bytes";
    case ElementType::Unicode:
        return "str";
    case ElementType::Object:
        return "object";
    }
    return "?";
}

std::string numpyDtypeRepr(const ArrayView& a) {
    if (a.type == ElementType::Bytes || a.type == ElementType::Unicode) {
        int64_t width = a.stringWidth;
        if (width == 0) {
            for (int64_t i = 0; i < a.size(); ++i) {
                const std::string s = stringElement(a, i);
                width =
                    std::max<int64_t>(width, static_cast<int64_t>(a.type == ElementType::Bytes ? s.size() : pyLen(s)));
            }
            width = std::max<int64_t>(width, 1);
        }
        return std::string(a.type == ElementType::Bytes ? "'|S" : "'<U") + std::to_string(width) + "'";
    }
    return elementTypeName(a.type);
}

std::string pythonShapeTuple(std::span<const int64_t> shape) {
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) {
        if (i) s += ", ";
        s += std::to_string(shape[i]);
    }
    if (shape.size() == 1) s += ",";
    return s + ")";
}

std::string array2string(const ArrayView& a, const PrintOptions& opt, std::string_view separator,
                         std::string_view prefix, std::string_view suffix) {
    const int lineWidth = opt.lineWidth - static_cast<int>(pyLen(suffix));
    if (a.size() == 0) return "[]";
    const bool summary = a.size() > opt.threshold;
    std::vector<int64_t> strides(a.shape.size(), 1);
    for (size_t i = a.shape.size(); i-- > 1;) strides[i - 1] = strides[i] * a.shape[i];
    std::vector<int64_t> shown;
    collectShown(a, summary, opt.edgeItems, 0, 0, strides, shown);
    const ElementFn fmt = makeFormatter(a, shown, opt);
    const std::string nextLinePrefix = " " + std::string(pyLen(prefix), ' ');
    const Recurser rec{ a, fmt, strides, std::string(separator), opt.edgeItems, summary };
    return rec(0, 0, nextLinePrefix, lineWidth);
}

std::string numpyStr(const ArrayView& a, const PrintOptions& opt) {
    if (a.shape.empty()) {
        if (a.type == ElementType::Bytes || a.type == ElementType::Object) return numpyScalarRepr(a);
        return numpyScalarStr(a);
    }
    return array2string(a, opt, " ", "", "");
}

std::string numpyRepr(const ArrayView& a, const PrintOptions& opt) {
    const std::string prefix = "array(";
    const std::string lst = array2string(a, opt, ", ", prefix, ")");
    std::vector<std::string> extras;
    const int64_t size = a.size();
    if ((size == 0 && !(a.shape.size() == 1 && a.shape[0] == 0)) || size > opt.threshold)
        extras.push_back("shape=" + pythonShapeTuple(a.shape));
    const bool implied = a.type == ElementType::Int64 || a.type == ElementType::Float64 ||
        a.type == ElementType::Complex128 || a.type == ElementType::Bool;
    if (!implied || size == 0) extras.push_back("dtype=" + numpyDtypeRepr(a));
    if (extras.empty()) return prefix + lst + ")";
    const std::string arrStr = prefix + lst + ",";
    std::string extraStr;
    for (size_t i = 0; i < extras.size(); ++i) extraStr += (i ? ", " : "") + extras[i];
    extraStr += ")";
    const size_t nl = arrStr.rfind('\n');
    const size_t lastLineLen = pyLen(nl == std::string::npos ? arrStr : arrStr.substr(nl + 1));
    const bool wrap = static_cast<int>(lastLineLen + pyLen(extraStr) + 1) > opt.lineWidth;
    return arrStr + (wrap ? "\n" + std::string(prefix.size(), ' ') : " ") + extraStr;
}

namespace {
// a part of a numpy complex scalar's text: the float scalar's, without a trailing ".0"
std::string complexScalarPart(double v, FloatWidth w, bool sign) {
    std::string s = numpyScalarFloatStr(v, w);
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
    if (sign && s[0] != '-') s = "+" + s;
    return s;
}
} // namespace

std::string numpyScalarStr(const ArrayView& a) {
    switch (a.type) {
    case ElementType::Complex64:
    case ElementType::Complex128: {
        const double re = complexPartAt(a, 0, 0), im = complexPartAt(a, 0, 1);
        const FloatWidth w = widthOf(a.type);
        if (re == 0.0 && !std::signbit(re)) return complexScalarPart(im, w, false) + "j";
        return "(" + complexScalarPart(re, w, false) + complexScalarPart(im, w, true) + "j)";
    }
    case ElementType::Bool:
        return load<uint8_t>(a.data, 0) ? "True" : "False";
    case ElementType::Float16:
    case ElementType::Float32:
    case ElementType::Float64:
        return numpyScalarFloatStr(floatAt(a, 0), widthOf(a.type));
    case ElementType::BFloat16:
        return mlDtypesFloatStr(static_cast<float>(floatAt(a, 0)));
    case ElementType::Bytes:
    case ElementType::Object:
        return pythonBytesRepr(stringElement(a, 0));
    case ElementType::Unicode:
        return stringElement(a, 0);
    default:
        return intText(a, 0);
    }
}

std::string numpyScalarRepr(const ArrayView& a) {
    switch (a.type) {
    case ElementType::Bool:
        return load<uint8_t>(a.data, 0) ? "np.True_" : "np.False_";
    case ElementType::BFloat16:
        return numpyScalarStr(a);
    case ElementType::Bytes:
        return "np.bytes_(" + pythonBytesRepr(stringElement(a, 0)) + ")";
    case ElementType::Object:
        return pythonBytesRepr(stringElement(a, 0));
    case ElementType::Unicode:
        return "np.str_(" + pythonStrRepr(stringElement(a, 0)) + ")";
    case ElementType::Complex64:
    case ElementType::Complex128: {
        std::string s = numpyScalarStr(a);
        if (s[0] == '(') s = s.substr(1, s.size() - 2);
        return pyTypeName(a.type) + "(" + s + ")";
    }
    default:
        return pyTypeName(a.type) + "(" + numpyScalarStr(a) + ")";
    }
}

namespace {

char hexDigit(unsigned v) {
    return "0123456789abcdef"[v & 15];
}

char pickQuote(std::string_view s) {
    return s.find('\'') != std::string_view::npos && s.find('"') == std::string_view::npos ? '"' : '\'';
}

void escapeAscii(std::string& out, unsigned char c, char quote) {
    if (c == static_cast<unsigned char>(quote) || c == '\\') {
        out += '\\';
        out += static_cast<char>(c);
    } else if (c == '\t') {
        out += "\\t";
    } else if (c == '\n') {
        out += "\\n";
    } else if (c == '\r') {
        out += "\\r";
    } else if (c < 0x20 || c >= 0x7f) {
        out += "\\x";
        out += hexDigit(c >> 4);
        out += hexDigit(c);
    } else {
        out += static_cast<char>(c);
    }
}

} // namespace

std::string pythonComplexRepr(double real, double imag) {
    auto part = [](double v) {
        std::string s = pythonFloatRepr(v);
        if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
        return s;
    };
    if (real == 0.0 && !std::signbit(real)) return part(imag) + "j";
    std::string im = part(imag);
    return "(" + part(real) + (im[0] == '-' ? "" : "+") + im + "j)";
}

std::string pythonBytesRepr(std::string_view bytes) {
    const char quote = pickQuote(bytes);
    std::string out = "b";
    out += quote;
    for (unsigned char c : bytes) escapeAscii(out, c, quote);
    out += quote;
    return out;
}

std::string pythonStrRepr(std::string_view utf8) {
    const char quote = pickQuote(utf8);
    std::string out(1, quote);
    for (size_t i = 0; i < utf8.size();) {
        const unsigned char c = static_cast<unsigned char>(utf8[i]);
        if (c < 0x80) {
            escapeAscii(out, c, quote);
            ++i;
            continue;
        }
        // Decode one code point; C1 controls, NBSP and the soft hyphen are not printable.
        const size_t len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
        const std::string_view seq = utf8.substr(i, len);
        uint32_t cp = c & (len == 2 ? 0x1f : len == 3 ? 0x0f : 0x07);
        for (size_t k = 1; k < seq.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(seq[k]) & 0x3f);
        if (cp <= 0xa0 || cp == 0xad) {
            out += "\\x";
            out += hexDigit(cp >> 4);
            out += hexDigit(cp);
        } else {
            out += seq;
        }
        i += len;
    }
    out += quote;
    return out;
}

} // namespace graphlens::numeric
