// The text ops behind tf.strings and tf.io.decode_raw: splitting (StringSplitV2, StringSplit),
// number parsing and printing (StringToNumber, AsString), Unicode decoding and encoding, case,
// stripping, joining (StringJoin, ReduceJoin), Substr, StringLength and DecodeRaw. Semantics and
// error texts are TF 2.21's kernels' as the oracle recorded them (tests/corpus/scripts/
// api_strings_*.py); splitting ops return the sparse triple (indices, values, shape) that
// tf.strings wraps into RaggedTensors.
#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "core/ops/kernel_util.h"

namespace graphlens::ops {

namespace {

using tensor::DType;

bool isAsciiSpace(char ch) {
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\v' || ch == '\f' || ch == '\r';
}

const Tensor& vectorInput(KernelContext& c, int i, const char* what) {
    const Tensor& t = c.input(i);
    if (t.rank() != 1) invalidArgument(what, " must be a vector, got shape: ", t.shape().str());
    return t;
}

// The sparse triple of a split: row i's pieces at [i, j].
void emitSplit(KernelContext& c, const std::vector<std::vector<std::string>>& rows) {
    int64_t total = 0, widest = 0;
    for (const auto& r : rows) {
        total += static_cast<int64_t>(r.size());
        widest = std::max(widest, static_cast<int64_t>(r.size()));
    }
    Tensor indices(DType::Int64, TensorShape{ total, 2 });
    Tensor values(DType::String, TensorShape{ total });
    int64_t* ix = indices.data<int64_t>();
    std::string* vs = values.data<std::string>();
    int64_t k = 0;
    for (size_t i = 0; i < rows.size(); ++i)
        for (size_t j = 0; j < rows[i].size(); ++j, ++k) {
            ix[2 * k] = static_cast<int64_t>(i);
            ix[2 * k + 1] = static_cast<int64_t>(j);
            vs[k] = rows[i][j];
        }
    c.setOutput(0, std::move(indices));
    c.setOutput(1, std::move(values));
    c.setOutput(2, Tensor::fromVector(std::vector<int64_t>{ static_cast<int64_t>(rows.size()), widest }));
}

// Python's str.split(None, maxsplit) (runs of whitespace, nothing empty) and str.split(sep,
// maxsplit) (every separator, empties kept), as TF's StringSplitV2 does.
// TF's StringSplitV2: an empty `sep` splits on runs of ASCII whitespace, dropping leading ones, and
// once `maxsplit` pieces are out the rest after the whitespace is one more piece (empty included);
// a non-empty `sep` splits as Python's str.split(sep, maxsplit).
std::vector<std::string> splitV2(const std::string& s, const std::string& sep, int64_t maxsplit) {
    std::vector<std::string> out;
    if (sep.empty()) {
        size_t i = 0;
        while (i < s.size() && isAsciiSpace(s[i])) ++i;
        if (maxsplit == 0 && i < s.size()) return { s.substr(i) };
        while (i < s.size()) {
            size_t j = i;
            while (j < s.size() && !isAsciiSpace(s[j])) ++j;
            out.push_back(s.substr(i, j - i));
            i = j;
            while (i < s.size() && isAsciiSpace(s[i])) ++i;
            if (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit) {
                out.push_back(s.substr(i));
                break;
            }
        }
        return out;
    }
    size_t start = 0;
    while (true) {
        const size_t at = s.find(sep, start);
        if (at == std::string::npos || (maxsplit >= 0 && static_cast<int64_t>(out.size()) == maxsplit)) {
            out.push_back(s.substr(start));
            break;
        }
        out.push_back(s.substr(start, at - start));
        start = at + sep.size();
    }
    return out;
}

void stringSplitV2Kernel(KernelContext& c) {
    const Tensor& in = vectorInput(c, 0, "input");
    const Tensor& sep = c.input(1);
    if (sep.rank() != 0) invalidArgument("sep must be a scalar, got shape: ", sep.shape().str());
    const int64_t maxsplit = c.attrs().getInt("maxsplit");
    std::vector<std::vector<std::string>> rows;
    for (const std::string& s : in.flat<std::string>()) rows.push_back(splitV2(s, sep.item<std::string>(), maxsplit));
    emitSplit(c, rows);
}

// StringSplit (v1): every byte of `delimiter` splits; an empty delimiter splits into bytes.
void stringSplitKernel(KernelContext& c) {
    const Tensor& in = vectorInput(c, 0, "input");
    const Tensor& delim = c.input(1);
    if (delim.rank() != 0) invalidArgument("delimiter must be a scalar, got shape: ", delim.shape().str());
    const std::string& d = delim.item<std::string>();
    const bool skipEmpty = c.attrs().getBool("skip_empty");
    std::vector<std::vector<std::string>> rows;
    for (const std::string& s : in.flat<std::string>()) {
        std::vector<std::string> row;
        if (d.empty()) {
            for (char ch : s) row.emplace_back(1, ch);
        } else if (!s.empty()) {
            size_t start = 0;
            for (size_t i = 0; i <= s.size(); ++i)
                if (i == s.size() || d.find(s[i]) != std::string::npos) {
                    if (!skipEmpty || i > start) row.push_back(s.substr(start, i - start));
                    start = i + 1;
                }
        }
        rows.push_back(std::move(row));
    }
    emitSplit(c, rows);
}

std::string_view trimmed(std::string_view s) {
    while (!s.empty() && isAsciiSpace(s.front())) s.remove_prefix(1);
    while (!s.empty() && isAsciiSpace(s.back())) s.remove_suffix(1);
    return s;
}

// TF's safe_strto*: surrounding whitespace allowed, the whole rest must be the number; floats take
// what strtod takes (inf, nan, hex), integers only decimal digits with a sign.
template<class T> bool parseNumber(const std::string& text, T& out) {
    const std::string s(trimmed(text));
    if (s.empty()) return false;
    errno = 0;
    char* end = nullptr;
    if constexpr (std::is_floating_point_v<T>) {
        if constexpr (std::is_same_v<T, float>) out = std::strtof(s.c_str(), &end);
        else out = std::strtod(s.c_str(), &end);
        return end == s.c_str() + s.size();
    } else {
        const char* p = s.c_str();
        if (!std::is_signed_v<T> && *p == '-') return false;
        for (const char* q = (*p == '-' || *p == '+') ? p + 1 : p; *q; ++q)
            if (*q < '0' || *q > '9') return false;
        if constexpr (std::is_signed_v<T>) {
            const long long v = std::strtoll(p, &end, 10);
            if (errno == ERANGE || v < std::numeric_limits<T>::min() || v > std::numeric_limits<T>::max()) return false;
            out = static_cast<T>(v);
        } else {
            const unsigned long long v = std::strtoull(p, &end, 10);
            if (errno == ERANGE || v > std::numeric_limits<T>::max()) return false;
            out = static_cast<T>(v);
        }
        return end == p + s.size();
    }
}

template<class T> void toNumber(KernelContext& c) {
    const Tensor& in = c.input(0);
    Tensor out(tensor::dtypeOf<T>, in.shape());
    T* o = out.data<T>();
    const auto strings = in.flat<std::string>();
    for (size_t i = 0; i < strings.size(); ++i)
        if (!parseNumber(strings[i], o[i]))
            invalidArgument("StringToNumberOp could not correctly convert string: ", strings[i]);
    c.setOutput(0, std::move(out));
}

void stringToNumberKernel(KernelContext& c) {
    switch (c.attrs().getType("out_type")) {
    case DType::Float32:
        return toNumber<float>(c);
    case DType::Float64:
        return toNumber<double>(c);
    case DType::Int32:
        return toNumber<int32_t>(c);
    case DType::Int64:
        return toNumber<int64_t>(c);
    default:
        invalidArgument("StringToNumber: unsupported out_type ", tensor::dtypeName(c.attrs().getType("out_type")));
    }
}

// ---- Unicode ---------------------------------------------------------------------------------

enum class Encoding { Utf8, Utf16Be, Utf32Be };

Encoding encodingOf(const std::string& name, const char* attr) {
    std::string n;
    for (char ch : name) n += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    if (n == "UTF-8" || n == "UTF8") return Encoding::Utf8;
    if (n == "UTF-16-BE" || n == "UTF-16BE") return Encoding::Utf16Be;
    if (n == "UTF-32-BE" || n == "UTF-32BE") return Encoding::Utf32Be;
    invalidArgument("Could not create converter for ", attr, " encoding: ", name);
}

struct DecodedChar {
    int32_t code; // -1: an invalid sequence
    size_t start; // byte offset
};

// UTF-8 with one error per maximal invalid subpart (Unicode's recommended practice, as ICU).
std::vector<DecodedChar> decodeUtf8(const std::string& s) {
    std::vector<DecodedChar> out;
    const auto* b = reinterpret_cast<const unsigned char*>(s.data());
    const size_t n = s.size();
    size_t i = 0;
    while (i < n) {
        const size_t start = i;
        const unsigned char c0 = b[i++];
        if (c0 < 0x80) {
            out.push_back({ c0, start });
            continue;
        }
        int need = 0;
        int32_t cp = 0;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c0 >= 0xC2 && c0 <= 0xDF) {
            need = 1;
            cp = c0 & 0x1F;
        } else if (c0 >= 0xE0 && c0 <= 0xEF) {
            need = 2;
            cp = c0 & 0x0F;
            if (c0 == 0xE0) lo = 0xA0;
            if (c0 == 0xED) hi = 0x9F;
        } else if (c0 >= 0xF0 && c0 <= 0xF4) {
            need = 3;
            cp = c0 & 0x07;
            if (c0 == 0xF0) lo = 0x90;
            if (c0 == 0xF4) hi = 0x8F;
        } else {
            out.push_back({ -1, start });
            continue;
        }
        bool ok = true;
        for (int k = 0; k < need; ++k) {
            if (i >= n || b[i] < lo || b[i] > hi) {
                ok = false;
                break;
            }
            cp = (cp << 6) | (b[i++] & 0x3F);
            lo = 0x80;
            hi = 0xBF;
        }
        out.push_back({ ok ? cp : -1, start });
    }
    return out;
}

std::vector<DecodedChar> decodeWide(const std::string& s, Encoding enc) {
    std::vector<DecodedChar> out;
    const auto* b = reinterpret_cast<const unsigned char*>(s.data());
    const size_t unit = enc == Encoding::Utf16Be ? 2 : 4;
    size_t i = 0;
    while (i < s.size()) {
        const size_t start = i;
        if (s.size() - i < unit) {
            out.push_back({ -1, start });
            break;
        }
        if (unit == 4) {
            const uint32_t v =
                (uint32_t(b[i]) << 24) | (uint32_t(b[i + 1]) << 16) | (uint32_t(b[i + 2]) << 8) | b[i + 3];
            i += 4;
            out.push_back({ (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) ? -1 : static_cast<int32_t>(v), start });
            continue;
        }
        const uint32_t u = (uint32_t(b[i]) << 8) | b[i + 1];
        i += 2;
        if (u >= 0xD800 && u <= 0xDBFF && s.size() - i >= 2) {
            const uint32_t l = (uint32_t(b[i]) << 8) | b[i + 1];
            if (l >= 0xDC00 && l <= 0xDFFF) {
                i += 2;
                out.push_back({ static_cast<int32_t>(0x10000 + ((u - 0xD800) << 10) + (l - 0xDC00)), start });
                continue;
            }
        }
        out.push_back({ (u >= 0xD800 && u <= 0xDFFF) ? -1 : static_cast<int32_t>(u), start });
    }
    return out;
}

struct ErrorPolicy {
    enum Kind { Strict, Replace, Ignore } kind = Replace;
    int32_t replacement = 0xFFFD;
    bool replaceControl = false;
};

ErrorPolicy errorPolicyOf(const ResolvedAttrs& a, bool decoding) {
    ErrorPolicy p;
    const std::string& e = a.getString("errors");
    p.kind = e == "strict" ? ErrorPolicy::Strict : e == "ignore" ? ErrorPolicy::Ignore : ErrorPolicy::Replace;
    p.replacement = static_cast<int32_t>(a.getInt("replacement_char"));
    if (decoding) p.replaceControl = a.getBool("replace_control_characters");
    return p;
}

bool isControl(int32_t cp) {
    return cp < 0x20 || (cp >= 0x7F && cp < 0xA0);
}

// UnicodeDecode / UnicodeDecodeWithOffsets: one row of code points per input string.
void unicodeDecode(KernelContext& c, bool withOffsets) {
    const Tensor& in = c.input(0);
    const Encoding enc = encodingOf(c.attrs().getString("input_encoding"), "input");
    const ErrorPolicy policy = errorPolicyOf(c.attrs(), true);
    std::vector<int64_t> splits{ 0 };
    std::vector<int32_t> chars;
    std::vector<int64_t> starts;
    for (const std::string& s : in.flat<std::string>()) {
        for (const DecodedChar& d : enc == Encoding::Utf8 ? decodeUtf8(s) : decodeWide(s, enc)) {
            int32_t cp = d.code;
            if (cp < 0) {
                if (policy.kind == ErrorPolicy::Strict) invalidArgument("Invalid formatting on input string");
                if (policy.kind == ErrorPolicy::Ignore) continue;
                cp = policy.replacement;
            } else if (policy.replaceControl && isControl(cp)) {
                cp = policy.replacement;
            }
            chars.push_back(cp);
            starts.push_back(static_cast<int64_t>(d.start));
        }
        splits.push_back(static_cast<int64_t>(chars.size()));
    }
    if (c.attrs().getType("Tsplits") == DType::Int32) {
        std::vector<int32_t> s32(splits.begin(), splits.end());
        c.setOutput(0, Tensor::fromVector(s32));
    } else {
        c.setOutput(0, Tensor::fromVector(splits));
    }
    c.setOutput(1, Tensor::fromVector(chars));
    if (withOffsets) c.setOutput(2, Tensor::fromVector(starts));
}

void unicodeDecodeKernel(KernelContext& c) {
    unicodeDecode(c, false);
}

void unicodeDecodeWithOffsetsKernel(KernelContext& c) {
    unicodeDecode(c, true);
}

bool validCodePoint(int64_t cp) {
    return cp >= 0 && cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF);
}

void appendEncoded(std::string& out, uint32_t cp, Encoding enc) {
    if (enc == Encoding::Utf8) {
        if (cp < 0x80) {
            out += static_cast<char>(cp);
        } else if (cp < 0x800) {
            out += static_cast<char>(0xC0 | (cp >> 6));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += static_cast<char>(0xE0 | (cp >> 12));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        } else {
            out += static_cast<char>(0xF0 | (cp >> 18));
            out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
            out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            out += static_cast<char>(0x80 | (cp & 0x3F));
        }
    } else if (enc == Encoding::Utf16Be) {
        auto unit = [&](uint32_t u) {
            out += static_cast<char>(u >> 8);
            out += static_cast<char>(u & 0xFF);
        };
        if (cp < 0x10000) {
            unit(cp);
        } else {
            unit(0xD800 + ((cp - 0x10000) >> 10));
            unit(0xDC00 + ((cp - 0x10000) & 0x3FF));
        }
    } else {
        for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((cp >> shift) & 0xFF);
    }
}

void unicodeEncodeKernel(KernelContext& c) {
    const Tensor& values = vectorInput(c, 0, "input_values");
    const std::vector<int64_t> splits = vectorInput(c, 1, "input_splits").toInt64Vector();
    const Encoding enc = encodingOf(c.attrs().getString("output_encoding"), "output");
    const ErrorPolicy policy = errorPolicyOf(c.attrs(), false);
    if (splits.empty()) invalidArgument("Input splits must have at least one element");
    const auto cps = values.flat<int32_t>();
    Tensor out(DType::String, TensorShape{ static_cast<int64_t>(splits.size()) - 1 });
    std::string* o = out.data<std::string>();
    for (size_t r = 0; r + 1 < splits.size(); ++r) {
        const int64_t lo = splits[r], hi = splits[r + 1];
        if (lo < 0 || hi < lo || hi > static_cast<int64_t>(cps.size()))
            invalidArgument("Invalid splits: ", lo, " to ", hi, " for ", cps.size(), " values");
        for (int64_t i = lo; i < hi; ++i) {
            int64_t cp = cps[static_cast<size_t>(i)];
            if (!validCodePoint(cp)) {
                if (policy.kind == ErrorPolicy::Strict)
                    invalidArgument("Code point is out of range for Unicode, or is a surrogate.");
                if (policy.kind == ErrorPolicy::Ignore) continue;
                cp = policy.replacement;
            }
            appendEncoded(o[r], static_cast<uint32_t>(cp), enc);
        }
    }
    c.setOutput(0, std::move(out));
}

// Code points of a UTF-8 string, invalid sequences counted as one each.
size_t utf8Length(const std::string& s) {
    size_t n = 0;
    for (char ch : s)
        if ((static_cast<unsigned char>(ch) & 0xC0) != 0x80) ++n;
    return n;
}

void stringLengthKernel(KernelContext& c) {
    const Tensor& in = c.input(0);
    const bool chars = c.attrs().getString("unit") == "UTF8_CHAR";
    Tensor out(DType::Int32, in.shape());
    int32_t* o = out.data<int32_t>();
    const auto s = in.flat<std::string>();
    for (size_t i = 0; i < s.size(); ++i) o[i] = static_cast<int32_t>(chars ? utf8Length(s[i]) : s[i].size());
    c.setOutput(0, std::move(out));
}

// Case mapping: ASCII without an encoding (TF's default); with "utf-8" also Latin-1, Latin
// Extended-A, Greek and Cyrillic by their regular offsets, and ß uppercased to SS.
uint32_t mapCase(uint32_t cp, bool upper) {
    if (cp < 0x80) {
        if (upper && cp >= 'a' && cp <= 'z') return cp - 32;
        if (!upper && cp >= 'A' && cp <= 'Z') return cp + 32;
        return cp;
    }
    if (upper) {
        if ((cp >= 0xE0 && cp <= 0xFE && cp != 0xF7)) return cp - 0x20;
        if (cp == 0xFF) return 0x178;
        if (cp >= 0x100 && cp <= 0x17F && cp != 0x130 && cp != 0x131 && cp != 0x138 && cp != 0x149 && cp != 0x17F) {
            const bool oddLower = (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
            if (oddLower ? (cp % 2 == 0) : (cp % 2 == 1)) return cp - 1;
        }
        if (cp >= 0x3B1 && cp <= 0x3C9 && cp != 0x3C2) return cp - 0x20;
        if (cp >= 0x430 && cp <= 0x44F) return cp - 0x20;
        if (cp >= 0x450 && cp <= 0x45F) return cp - 0x50;
        return cp;
    }
    if ((cp >= 0xC0 && cp <= 0xDE && cp != 0xD7)) return cp + 0x20;
    if (cp == 0x178) return 0xFF;
    if (cp >= 0x100 && cp <= 0x17F && cp != 0x130 && cp != 0x131 && cp != 0x138 && cp != 0x149 && cp != 0x17F) {
        const bool oddLower = (cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E);
        if (oddLower ? (cp % 2 == 1) : (cp % 2 == 0)) return cp + 1;
    }
    if (cp >= 0x391 && cp <= 0x3A9 && cp != 0x3A2) return cp + 0x20;
    if (cp >= 0x410 && cp <= 0x42F) return cp + 0x20;
    if (cp >= 0x400 && cp <= 0x40F) return cp + 0x50;
    return cp;
}

void caseKernel(KernelContext& c, bool upper) {
    const Tensor& in = c.input(0);
    const bool unicode = !c.attrs().getString("encoding").empty();
    Tensor out(DType::String, in.shape());
    std::string* o = out.data<std::string>();
    const auto s = in.flat<std::string>();
    for (size_t i = 0; i < s.size(); ++i) {
        if (!unicode) {
            o[i] = s[i];
            for (char& ch : o[i]) ch = static_cast<char>(mapCase(static_cast<unsigned char>(ch), upper));
            continue;
        }
        for (const DecodedChar& d : decodeUtf8(s[i])) {
            if (d.code < 0) {
                appendEncoded(o[i], 0xFFFD, Encoding::Utf8);
            } else if (upper && d.code == 0xDF) {
                o[i] += "SS";
            } else {
                appendEncoded(o[i], mapCase(static_cast<uint32_t>(d.code), upper), Encoding::Utf8);
            }
        }
    }
    c.setOutput(0, std::move(out));
}

void stringUpperKernel(KernelContext& c) {
    caseKernel(c, true);
}

void stringLowerKernel(KernelContext& c) {
    caseKernel(c, false);
}

void stringStripKernel(KernelContext& c) {
    const Tensor& in = c.input(0);
    Tensor out(DType::String, in.shape());
    std::string* o = out.data<std::string>();
    const auto s = in.flat<std::string>();
    for (size_t i = 0; i < s.size(); ++i) o[i] = std::string(trimmed(s[i]));
    c.setOutput(0, std::move(out));
}

// StringJoin: scalars broadcast, every other input has the same shape.
void stringJoinKernel(KernelContext& c) {
    const std::string& sep = c.attrs().getString("separator");
    const Tensor* shaped = nullptr;
    for (int i = 0; i < c.numInputs(); ++i) {
        const Tensor& t = c.input(i);
        if (t.rank() == 0) continue;
        if (shaped && shaped->shape() != t.shape())
            invalidArgument("Input shapes do not match: ", shaped->shape().str(), " vs. ", t.shape().str());
        if (!shaped) shaped = &t;
    }
    const TensorShape shape = shaped ? shaped->shape() : TensorShape{};
    Tensor out(DType::String, shape);
    std::string* o = out.data<std::string>();
    for (int64_t k = 0; k < out.numElements(); ++k)
        for (int i = 0; i < c.numInputs(); ++i) {
            const Tensor& t = c.input(i);
            if (i) o[k] += sep;
            o[k] += t.data<std::string>()[t.rank() == 0 ? 0 : k];
        }
    c.setOutput(0, std::move(out));
}

void reduceJoinKernel(KernelContext& c) {
    const Tensor& in = c.input(0);
    const int rank = in.rank();
    std::vector<bool> reduced(static_cast<size_t>(rank), false);
    const std::vector<int64_t> axes = c.input(1).toInt64Vector();
    for (int64_t a : axes) {
        if (a < -rank || a >= rank)
            throw tensor::OutOfRangeError(
                strCat("Invalid reduction dimension ", a, " for input with ", rank, " dimension(s)"));
        const auto k = static_cast<size_t>(a < 0 ? a + rank : a);
        if (reduced[k]) invalidArgument("Duplicate reduction dimension ", a);
        reduced[k] = true;
    }
    const bool keepDims = c.attrs().getBool("keep_dims");
    const std::string& sep = c.attrs().getString("separator");
    std::vector<int64_t> outDims, keptDims;
    for (int d = 0; d < rank; ++d) {
        if (reduced[static_cast<size_t>(d)]) {
            if (keepDims) outDims.push_back(1);
        } else {
            outDims.push_back(in.dim(d));
            keptDims.push_back(in.dim(d));
        }
    }
    Tensor out(DType::String, TensorShape(outDims));
    std::string* o = out.data<std::string>();
    std::vector<bool> started(static_cast<size_t>(out.numElements()), false);
    const auto s = in.flat<std::string>();
    std::vector<int64_t> idx(static_cast<size_t>(rank), 0);
    for (size_t flat = 0; flat < s.size(); ++flat) {
        int64_t target = 0;
        for (int d = 0; d < rank; ++d)
            if (!reduced[static_cast<size_t>(d)]) target = target * in.dim(d) + idx[static_cast<size_t>(d)];
        if (started[static_cast<size_t>(target)]) o[target] += sep;
        started[static_cast<size_t>(target)] = true;
        o[target] += s[flat];
        for (int d = rank - 1; d >= 0; --d) {
            if (++idx[static_cast<size_t>(d)] < in.dim(d)) break;
            idx[static_cast<size_t>(d)] = 0;
        }
    }
    c.setOutput(0, std::move(out));
}

// Byte offsets of the code points of s, plus s.size() at the end.
std::vector<size_t> utf8Starts(const std::string& s) {
    std::vector<size_t> starts;
    for (size_t i = 0; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) starts.push_back(i);
    starts.push_back(s.size());
    return starts;
}

// How TF's Substr error shows the string: b'...' around the raw bytes, nothing escaped.
std::string bytesText(const std::string& s) {
    return "b'" + s + "'";
}

void substrKernel(KernelContext& c) {
    const Tensor& in = c.input(0);
    const std::vector<int64_t> pos = c.input(1).toInt64Vector(), len = c.input(2).toInt64Vector();
    for (int i : { 1, 2 })
        if (c.input(i).rank() != 0 && c.input(i).shape() != in.shape())
            invalidArgument("pos and len should have the same shape as input or be scalars, got: ",
                            c.input(i).shape().str(), " and input ", in.shape().str());
    const bool chars = c.attrs().getString("unit") == "UTF8_CHAR";
    Tensor out(DType::String, in.shape());
    std::string* o = out.data<std::string>();
    const auto s = in.flat<std::string>();
    for (size_t i = 0; i < s.size(); ++i) {
        const int64_t p = pos[pos.size() == 1 ? 0 : i], l = len[len.size() == 1 ? 0 : i];
        std::vector<size_t> starts;
        int64_t size = static_cast<int64_t>(s[i].size());
        if (chars) {
            starts = utf8Starts(s[i]);
            size = static_cast<int64_t>(starts.size()) - 1;
        }
        const int64_t begin = p < 0 ? p + size : p;
        if (begin < 0 || begin > size)
            invalidArgument("pos ", p, " out of range for string ", bytesText(s[i]), " at index ", i);
        const int64_t end = std::min(size, begin + std::max<int64_t>(l, 0));
        if (chars) {
            o[i] = s[i].substr(starts[static_cast<size_t>(begin)],
                               starts[static_cast<size_t>(end)] - starts[static_cast<size_t>(begin)]);
        } else {
            o[i] = s[i].substr(static_cast<size_t>(begin), static_cast<size_t>(end - begin));
        }
    }
    c.setOutput(0, std::move(out));
}

// AsString: printf with TF's format ("%.*f", "%e", "%g", width and fill).
void asStringKernel(KernelContext& c) {
    const Tensor& in = c.input(0);
    if (in.dtype() == DType::String) {
        c.setOutput(0, in);
        return;
    }
    const auto& a = c.attrs();
    const int64_t precision = a.getInt("precision"), width = a.getInt("width");
    const bool scientific = a.getBool("scientific"), shortest = a.getBool("shortest");
    const std::string& fill = a.getString("fill");
    if (scientific && shortest) invalidArgument("Cannot select both scientific and shortest notation");
    if (fill.size() > 1) invalidArgument("Fill string must be one or fewer characters");
    const bool floating = tensor::isFloating(in.dtype());
    if (!floating && (precision >= 0 || scientific || shortest))
        invalidArgument("scientific, shortest and precision are only valid for floating point types");
    std::string spec = "%";
    if (fill == "0") spec += '0';
    else if (fill == "-") spec += '-';
    else if (fill == "+") spec += '+';
    else if (fill == " ") spec += ' ';
    if (width > -1) spec += std::to_string(width);
    if (floating) {
        if (precision > -1) spec += "." + std::to_string(precision);
        spec += shortest ? "g" : scientific ? "e" : "f";
    } else {
        spec += "lld";
    }
    Tensor out(DType::String, in.shape());
    std::string* o = out.data<std::string>();
    // a number's text beyond this is only padding, and string contents are not charged to the budget
    constexpr int64_t kMaxWidth = 4096;
    if (width > kMaxWidth || precision > kMaxWidth)
        invalidArgument("AsString: width and precision must be at most ", kMaxWidth);
        // The format is assembled from the checked attrs above (flags, width, precision, conversion).
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
    auto print = [&](auto value) {
        const int n = std::snprintf(nullptr, 0, spec.c_str(), value);
        std::string text(static_cast<size_t>(std::max(n, 0)) + 1, '\0');
        std::snprintf(text.data(), text.size(), spec.c_str(), value);
        text.pop_back();
        return text;
    };
    if (in.dtype() == DType::Bool) {
        const auto b = in.flat<bool>();
        for (size_t i = 0; i < b.size(); ++i) o[i] = b[i] ? "true" : "false";
    } else if (floating) {
        const std::vector<double> v = in.toDoubleVector();
        for (size_t i = 0; i < v.size(); ++i) o[i] = print(v[i]);
    } else {
        const std::vector<int64_t> v = in.toInt64Vector();
        for (size_t i = 0; i < v.size(); ++i) o[i] = print(static_cast<long long>(v[i]));
    }
#pragma GCC diagnostic pop
    c.setOutput(0, std::move(out));
}

void decodeRawKernel(KernelContext& c) {
    const Tensor& in = c.input(0);
    const DType type = c.attrs().getType("out_type");
    const size_t width = tensor::dtypeSize(type);
    if (width == 0 || tensor::isObjectDType(type))
        invalidArgument("DecodeRaw: out_type ", tensor::dtypeName(type), " has no fixed-size elements");
    const bool little = c.attrs().getBool("little_endian");
    const auto s = in.flat<std::string>();
    const size_t size = s.empty() ? 0 : s[0].size();
    for (size_t i = 0; i < s.size(); ++i)
        if (s[i].size() != size)
            invalidArgument("DecodeRaw requires input strings to all be the same size, but element ", i, " has size ",
                            size, " != ", s[i].size());
    if (size % width != 0)
        invalidArgument("Input to DecodeRaw has length ", size, " that is not a multiple of ", width, ", the size of ",
                        tensor::dtypeCppName(type));
    std::vector<int64_t> dims = in.shape().dims();
    dims.push_back(static_cast<int64_t>(size / width));
    Tensor out(type, TensorShape(dims));
    auto* o = static_cast<unsigned char*>(out.rawData());
    for (size_t i = 0; i < s.size(); ++i) {
        std::memcpy(o + i * size, s[i].data(), size);
        if (!little && width > 1)
            for (size_t e = 0; e < size; e += width) std::reverse(o + i * size + e, o + i * size + e + width);
    }
    c.setOutput(0, std::move(out));
}

void splitShape(ShapeContext& c) {
    c.setOutput(0, PartialShape{ -1, 2 });
    c.setOutput(1, PartialShape{ -1 });
    c.setOutput(2, PartialShape{ 2 });
}

void sameShape(ShapeContext& c) {
    c.setOutput(0, c.inputShape(0));
}

void unicodeDecodeShape(ShapeContext& c) {
    const PartialShape& in = c.inputShape(0);
    const int64_t n = in.isFullyDefined() ? in.numElements() : -1;
    c.setOutput(0, PartialShape{ n < 0 ? -1 : n + 1 });
    c.setOutput(1, PartialShape{ -1 });
    if (c.op().outputs.size() > 2) c.setOutput(2, PartialShape{ -1 });
}

void unicodeEncodeShape(ShapeContext& c) {
    const PartialShape& splits = c.inputShape(1);
    const int64_t n = splits.rank() == 1 && splits.dim(0) >= 0 ? splits.dim(0) - 1 : -1;
    c.setOutput(0, PartialShape{ n });
}

void stringJoinShape(ShapeContext& c) {
    for (int i = 0; i < c.numInputs(); ++i)
        if (c.inputShape(i).rank() != 0) {
            c.setOutput(0, c.inputShape(i));
            return;
        }
    c.setOutput(0, PartialShape(std::vector<int64_t>{}));
}

void reduceJoinShape(ShapeContext& c) {
    const PartialShape& in = c.inputShape(0);
    const Tensor* axesValue = c.inputValue(1);
    if (!in.hasRank() || !axesValue) {
        c.setOutput(0, PartialShape::unknown());
        return;
    }
    const int rank = in.rank();
    std::vector<bool> reduced(static_cast<size_t>(rank), false);
    for (int64_t a : axesValue->toInt64Vector())
        if (a >= -rank && a < rank) reduced[static_cast<size_t>(a < 0 ? a + rank : a)] = true;
    std::vector<int64_t> dims;
    for (int d = 0; d < rank; ++d) {
        if (!reduced[static_cast<size_t>(d)]) dims.push_back(in.dim(d));
        else if (c.attrs().getBool("keep_dims")) dims.push_back(1);
    }
    c.setOutput(0, PartialShape(dims));
}

void decodeRawShape(ShapeContext& c) {
    const PartialShape& in = c.inputShape(0);
    if (!in.hasRank()) {
        c.setOutput(0, PartialShape::unknown());
        return;
    }
    std::vector<int64_t> dims = in.dims();
    dims.push_back(-1);
    c.setOutput(0, PartialShape(dims));
}

} // namespace

void registerStringTextKernels() {
    const auto all = tensor::kAllTypes;
    defineOp("StringSplitV2").kernel(stringSplitV2Kernel, all, "").shape(splitShape).notDifferentiable();
    defineOp("StringSplit").kernel(stringSplitKernel, all, "").shape(splitShape).notDifferentiable();
    defineOp("StringToNumber").kernel(stringToNumberKernel, all, "").shape(sameShape).notDifferentiable();
    defineOp("UnicodeDecode").kernel(unicodeDecodeKernel, all, "").shape(unicodeDecodeShape).notDifferentiable();
    defineOp("UnicodeDecodeWithOffsets")
        .kernel(unicodeDecodeWithOffsetsKernel, all, "")
        .shape(unicodeDecodeShape)
        .notDifferentiable();
    defineOp("UnicodeEncode").kernel(unicodeEncodeKernel, all, "").shape(unicodeEncodeShape).notDifferentiable();
    defineOp("StringLength").kernel(stringLengthKernel, all, "").shape(sameShape).notDifferentiable();
    defineOp("StringUpper").kernel(stringUpperKernel, all, "").shape(sameShape).notDifferentiable();
    defineOp("StringLower").kernel(stringLowerKernel, all, "").shape(sameShape).notDifferentiable();
    defineOp("StringStrip").kernel(stringStripKernel, all, "").shape(sameShape).notDifferentiable();
    defineOp("StringJoin").kernel(stringJoinKernel, all, "").shape(stringJoinShape).notDifferentiable();
    defineOp("ReduceJoin").kernel(reduceJoinKernel, all, "").shape(reduceJoinShape).notDifferentiable();
    defineOp("Substr").kernel(substrKernel, all, "").shape(sameShape).notDifferentiable();
    defineOp("AsString").kernel(asStringKernel, all, "").shape(sameShape).notDifferentiable();
    defineOp("DecodeRaw").kernel(decodeRawKernel, all, "").shape(decodeRawShape).notDifferentiable();
}

} // namespace graphlens::ops
