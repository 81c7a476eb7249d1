#include "core/lang/literals.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

namespace graphlens::lang {

void appendUtf8(std::string& out, uint32_t cp) {
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

StringToken splitStringToken(const Token& tok) {
    StringToken st;
    size_t i = 0;
    std::string_view t = tok.text;
    while (i < t.size() && t[i] != '\'' && t[i] != '"') {
        char c = char(std::tolower(static_cast<unsigned char>(t[i])));
        if (c == 'r') st.raw = true;
        else if (c == 'b') st.bytes = true;
        else if (c == 'f') st.fstring = true;
        ++i;
    }
    st.quote = t[i];
    st.quoteLen = (i + 2 < t.size() && t[i + 1] == st.quote && t[i + 2] == st.quote && t.size() - i >= 6) ? 3 : 1;
    st.bodyBegin = tok.span.offset + uint32_t(i) + uint32_t(st.quoteLen);
    st.bodyEnd = tok.span.endOffset - uint32_t(st.quoteLen);
    st.bodyLine = tok.span.line;
    st.bodyCol = tok.span.col + uint32_t(i) + uint32_t(st.quoteLen);
    return st;
}

namespace {

struct NamedChar {
    const char* name;
    uint32_t cp;
};
const NamedChar kNames[] = {
#include "core/lang/unicode_names.inc"
};

bool lookupName(const std::string& name, uint32_t& cp) {
    const NamedChar* end = kNames + sizeof(kNames) / sizeof(kNames[0]);
    const NamedChar* it = std::lower_bound(
        kNames, end, name, [](const NamedChar& e, const std::string& n) { return std::strcmp(e.name, n.c_str()) < 0; });
    if (it == end || name != it->name) return false;
    cp = it->cp;
    return true;
}

int hexVal(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

} // namespace

std::string decodeEscapes(const SourceFile& source, uint32_t begin, uint32_t end, bool bytes, const Span& errSpan) {
    const std::string& s = source.text;
    std::string out;
    out.reserve(end - begin);
    auto fail = [&](const std::string& what, uint32_t escStart, uint32_t escEnd) {
        std::string msg = std::string("(unicode error) '") + (bytes ? "unicodeescape" : "unicodeescape") +
            "' codec can't decode bytes in position " + std::to_string(escStart - begin) + "-" +
            std::to_string(escEnd - begin - 1) + ": " + what;
        if (bytes) msg = "(value error) " + what;
        raiseSyntaxError(source, SyntaxErrorKind::SyntaxError, msg, errSpan.endLine, errSpan.endCol, errSpan.endLine,
                         errSpan.endCol);
    };
    uint32_t i = begin;
    while (i < end) {
        char c = s[i];
        if (bytes && static_cast<unsigned char>(c) >= 0x80)
            raiseSyntaxError(source, SyntaxErrorKind::SyntaxError, "bytes can only contain ASCII literal characters",
                             errSpan.line, errSpan.col, errSpan.endLine, errSpan.endCol);
        if (c == '\r') { // normalise line endings inside literals
            out += '\n';
            if (i + 1 < end && s[i + 1] == '\n') ++i;
            ++i;
            continue;
        }
        if (c != '\\') {
            out += c;
            ++i;
            continue;
        }
        uint32_t escStart = i;
        ++i;
        if (i >= end) {
            out += '\\';
            break;
        }
        char e = s[i++];
        switch (e) {
        case '\n':
            break;
        case '\r':
            if (i < end && s[i] == '\n') ++i;
            break;
        case '\\':
            out += '\\';
            break;
        case '\'':
            out += '\'';
            break;
        case '"':
            out += '"';
            break;
        case 'a':
            out += '\a';
            break;
        case 'b':
            out += '\b';
            break;
        case 'f':
            out += '\f';
            break;
        case 'n':
            out += '\n';
            break;
        case 'r':
            out += '\r';
            break;
        case 't':
            out += '\t';
            break;
        case 'v':
            out += '\v';
            break;
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7': {
            uint32_t v = uint32_t(e - '0');
            for (int k = 0; k < 2 && i < end && s[i] >= '0' && s[i] <= '7'; ++k) v = v * 8 + uint32_t(s[i++] - '0');
            if (bytes) out += char(v & 0xFF);
            else appendUtf8(out, v);
            break;
        }
        case 'x': {
            int v = 0;
            for (int k = 0; k < 2; ++k) {
                int h = i < end ? hexVal(s[i]) : -1;
                if (h < 0)
                    fail(bytes ? "invalid \\x escape at position " + std::to_string(escStart - begin)
                               : "truncated \\xXX escape",
                         escStart, i);
                v = v * 16 + h;
                ++i;
            }
            if (bytes) out += char(v);
            else appendUtf8(out, uint32_t(v));
            break;
        }
        case 'u':
        case 'U':
        case 'N':
            if (bytes) {
                out += '\\';
                out += e;
                break;
            }
            if (e == 'N') {
                if (i >= end || s[i] != '{') fail("malformed \\N character escape", escStart, i);
                uint32_t close = i + 1;
                while (close < end && s[close] != '}') ++close;
                if (close >= end) fail("malformed \\N character escape", escStart, end);
                std::string name = s.substr(i + 1, close - i - 1);
                for (auto& ch : name) ch = char(std::toupper(static_cast<unsigned char>(ch)));
                i = close + 1;
                uint32_t cp = 0;
                if (!lookupName(name, cp)) fail("unknown Unicode character name", escStart, i);
                appendUtf8(out, cp);
            } else {
                int n = e == 'u' ? 4 : 8;
                uint32_t v = 0;
                for (int k = 0; k < n; ++k) {
                    int h = i < end ? hexVal(s[i]) : -1;
                    if (h < 0)
                        fail(e == 'u' ? "truncated \\uXXXX escape" : "truncated \\UXXXXXXXX escape", escStart, i);
                    v = v * 16 + uint32_t(h);
                    ++i;
                }
                if (v > 0x10FFFF) fail("illegal Unicode character", escStart, i);
                appendUtf8(out, v);
            }
            break;
        default:
            // unknown escapes are kept (CPython warns)
            out += '\\';
            out += e;
            break;
        }
    }
    return out;
}

void decodeNumber(const SourceFile& source, const Token& tok, Constant* out) {
    std::string t;
    t.reserve(tok.text.size());
    for (char c : tok.text)
        if (c != '_') t += c;
    char last = t.empty() ? 0 : t.back();
    if (last == 'j' || last == 'J') {
        out->value = ConstKind::Imag;
        t.pop_back();
        double d = 0;
        if (std::from_chars(t.data(), t.data() + t.size(), d).ec == std::errc::result_out_of_range) {
            size_t e = t.find_first_of("eE");
            d = e != std::string::npos && e + 1 < t.size() && t[e + 1] == '-' ? 0.0 : HUGE_VAL;
        }
        out->f = d;
        return;
    }
    int base = 10;
    size_t start = 0;
    if (t.size() > 1 && t[0] == '0' && std::strchr("xXoObB", t[1])) {
        base = (t[1] == 'x' || t[1] == 'X') ? 16 : (t[1] == 'o' || t[1] == 'O') ? 8 : 2;
        start = 2;
    } else if (t.find_first_of(".eE") != std::string::npos) {
        out->value = ConstKind::Float;
        double d = 0;
        auto r = std::from_chars(t.data(), t.data() + t.size(), d);
        if (r.ec == std::errc::result_out_of_range) {
            // overflow -> inf (CPython gives inf), underflow -> 0
            bool neg = false;
            size_t e = t.find_first_of("eE");
            neg = e != std::string::npos && e + 1 < t.size() && t[e + 1] == '-';
            d = neg ? 0.0 : HUGE_VAL;
        }
        out->f = d;
        return;
    }
    // integer: accumulate in 64 bits, fall back to a decimal digit string
    uint64_t acc = 0;
    bool big = false;
    for (size_t k = start; k < t.size(); ++k) {
        uint64_t d = uint64_t(hexVal(t[k]));
        if (acc > (uint64_t(INT64_MAX) - d) / uint64_t(base)) {
            big = true;
            break;
        }
        acc = acc * uint64_t(base) + d;
    }
    if (!big) {
        out->value = ConstKind::Int;
        out->i = static_cast<int64_t>(acc);
        return;
    }
    (void)source;
    out->value = ConstKind::BigInt;
    if (base == 10) { // already decimal digits (a decimal literal has no leading zeros unless 0)
        out->s = std::move(t);
        return;
    }
    if (t.size() - start > 2000) {
        // A huge hex / octal / binary literal keeps its own base (converting it to decimal here
        // would take quadratic time while parsing): "0x..." and so on, without underscores.
        out->s = std::move(t);
        return;
    }
    // decimal digits, little-endian base 1e9 limbs
    std::vector<uint32_t> limbs{ 0 };
    for (size_t k = start; k < t.size(); ++k) {
        uint64_t carry = uint64_t(hexVal(t[k]));
        for (auto& l : limbs) {
            uint64_t v = uint64_t(l) * unsigned(base) + carry;
            l = uint32_t(v % 1000000000u);
            carry = v / 1000000000u;
        }
        while (carry) {
            limbs.push_back(uint32_t(carry % 1000000000u));
            carry /= 1000000000u;
        }
    }
    std::string dec = std::to_string(limbs.back());
    for (size_t k = limbs.size() - 1; k-- > 0;) {
        std::string part = std::to_string(limbs[k]);
        dec += std::string(9 - part.size(), '0') + part;
    }
    out->s = std::move(dec);
}

size_t decimalIntDigits(std::string_view text) {
    if (text.size() > 1 && text[0] == '0' && std::strchr("xXoObB", text[1])) return 0;
    size_t n = 0;
    for (char c : text) {
        if (c >= '0' && c <= '9') ++n;
        else if (c != '_') return 0; // a float or imaginary literal
    }
    return n;
}

std::string intDigitsLimitMessage(int64_t limit, size_t digits) {
    std::string m = "Exceeds the limit (" + std::to_string(limit) + " digits) for integer string conversion";
    if (digits) m += ": value has " + std::to_string(digits) + " digits";
    return m + "; use sys.set_int_max_str_digits() to increase the limit";
}

uint32_t nextCodePoint(const std::string& s, size_t& i) {
    const auto lead = static_cast<unsigned char>(s[i]);
    uint32_t cp;
    int continuation;
    if (lead < 0x80) {
        cp = lead;
        continuation = 0;
    } else if ((lead >> 5) == 6) {
        cp = lead & 0x1F;
        continuation = 1;
    } else if ((lead >> 4) == 14) {
        cp = lead & 0x0F;
        continuation = 2;
    } else {
        cp = lead & 0x07;
        continuation = 3;
    }
    ++i;
    for (int k = 0; k < continuation && i < s.size(); ++k, ++i)
        cp = (cp << 6) | (static_cast<unsigned char>(s[i]) & 0x3F);
    return cp;
}

// Simple case mapping for ASCII, Latin-1, Latin Extended-A, Greek and Cyrillic (what str.upper/lower
// and the re module's IGNORECASE know).
bool cpIsLower(uint32_t c) {
    return (c >= 'a' && c <= 'z') || (c >= 0xDF && c <= 0xFF && c != 0xF7) || (c >= 0x100 && c < 0x180 && (c & 1)) ||
        (c >= 0x3B1 && c <= 0x3C9) || (c >= 0x430 && c <= 0x45F);
}
bool cpIsUpper(uint32_t c) {
    return (c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7) || (c >= 0x100 && c < 0x180 && !(c & 1)) ||
        (c >= 0x391 && c <= 0x3A9) || (c >= 0x400 && c <= 0x42F);
}
uint32_t cpUpper(uint32_t c) {
    if (c >= 'a' && c <= 'z') return c - 32;
    if (c >= 0xE0 && c <= 0xFE && c != 0xF7) return c - 32;
    if (c == 0xFF) return 0x178;
    if (c >= 0x100 && c < 0x138 && (c & 1)) return c - 1;
    if (c >= 0x3B1 && c <= 0x3C9 && c != 0x3C2) return c - 32;
    if (c == 0x3C2) return 0x3A3;
    if (c >= 0x430 && c <= 0x44F) return c - 32;
    if (c >= 0x450 && c <= 0x45F) return c - 80;
    return c;
}
uint32_t cpLower(uint32_t c) {
    if (c >= 'A' && c <= 'Z') return c + 32;
    if (c >= 0xC0 && c <= 0xDE && c != 0xD7) return c + 32;
    if (c >= 0x100 && c < 0x138 && !(c & 1)) return c + 1;
    if (c >= 0x391 && c <= 0x3A9) return c + 32;
    if (c >= 0x410 && c <= 0x42F) return c + 32;
    if (c >= 0x400 && c <= 0x40F) return c + 80;
    return c;
}

bool lookupUnicodeName(const std::string& name, uint32_t& cp) {
    return lookupName(name, cp);
}

} // namespace graphlens::lang
