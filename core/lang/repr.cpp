#include "core/lang/repr.h"

#include <cstdint>
#include <cstdio>

#include "core/lang/literals.h"

namespace graphlens::lang {

namespace {

char pickQuote(std::string_view s) {
    const bool hasSingle = s.find('\'') != std::string_view::npos;
    const bool hasDouble = s.find('"') != std::string_view::npos;
    return hasSingle && !hasDouble ? '"' : '\'';
}

// Characters str.isprintable() rejects beyond ASCII's controls (the ones repr escapes).
bool unprintable(uint32_t cp) {
    return (cp >= 0x80 && cp <= 0xa0) || cp == 0xad || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x202f ||
        cp == 0x205f || cp == 0x3000 || (cp >= 0xd800 && cp < 0xe000) || cp == 0x2028 || cp == 0x2029 || cp == 0xfeff ||
        (cp >= 0x200b && cp <= 0x200f);
}

// The escape of one ASCII byte, or false when it stands as itself.
bool asciiEscape(std::string& out, unsigned char c, char quote) {
    if (c == static_cast<unsigned char>(quote) || c == '\\') {
        out += '\\';
        out += char(c);
    } else if (c == '\n') out += "\\n";
    else if (c == '\r') out += "\\r";
    else if (c == '\t') out += "\\t";
    else if (c < 0x20 || c >= 0x7f) {
        char b[8];
        std::snprintf(b, sizeof b, "\\x%02x", c);
        out += b;
    } else return false;
    return true;
}

} // namespace

std::string strRepr(std::string_view sv, char quote) {
    const char q = quote ? quote : pickQuote(sv);
    const std::string s(sv);
    std::string out(1, q);
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x80) {
            ++i;
            if (!asciiEscape(out, c, q)) out += char(c);
            continue;
        }
        const size_t start = i;
        const uint32_t cp = nextCodePoint(s, i);
        if (unprintable(cp)) {
            char b[16];
            if (cp < 0x100) std::snprintf(b, sizeof b, "\\x%02x", cp);
            else std::snprintf(b, sizeof b, "\\u%04x", cp);
            out += b;
        } else {
            out.append(s, start, i - start);
        }
    }
    out += q;
    return out;
}

std::string bytesRepr(std::string_view s) {
    const char q = pickQuote(s);
    std::string out = "b";
    out += q;
    for (unsigned char c : s)
        if (!asciiEscape(out, c, q)) out += char(c);
    out += q;
    return out;
}

} // namespace graphlens::lang
