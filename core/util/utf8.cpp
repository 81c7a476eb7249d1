#include "core/util/utf8.h"

namespace graphlens {

size_t utf8SequenceLength(std::string_view text, size_t i) {
    const auto at = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = at(i);
    const size_t left = text.size() - i;
    const auto cont = [&](size_t k) { return (at(k) & 0xc0) == 0x80; };
    if (b0 >= 0xc2 && b0 <= 0xdf) return left >= 2 && cont(i + 1) ? 2 : 0;
    if (b0 >= 0xe0 && b0 <= 0xef) {
        if (left < 3 || !cont(i + 1) || !cont(i + 2)) return 0;
        if (b0 == 0xe0 && at(i + 1) < 0xa0) return 0; // overlong
        if (b0 == 0xed && at(i + 1) > 0x9f) return 0; // UTF-16 surrogate
        return 3;
    }
    if (b0 >= 0xf0 && b0 <= 0xf4) {
        if (left < 4 || !cont(i + 1) || !cont(i + 2) || !cont(i + 3)) return 0;
        if (b0 == 0xf0 && at(i + 1) < 0x90) return 0; // overlong
        if (b0 == 0xf4 && at(i + 1) > 0x8f) return 0; // above U+10FFFF
        return 4;
    }
    return 0;
}

bool isValidUtf8(std::string_view text) {
    for (size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            ++i;
            continue;
        }
        const size_t length = utf8SequenceLength(text, i);
        if (length == 0) return false;
        i += length;
    }
    return true;
}

} // namespace graphlens
