#include "core/util/utf8.h"

namespace graphlens {

size_t utf8SequenceLength(std::string_view text, size_t i, const char** why) {
    const auto fail = [&](const char* reason) -> size_t {
        if (why) *why = reason;
        return 0;
    };
    const auto b0 = static_cast<unsigned char>(text[i]);
    if (b0 < 0x80) return 1;
    size_t n;
    // The second byte's range: narrower after E0/ED/F0/F4 (no overlong forms, no UTF-16
    // surrogates, nothing above U+10FFFF).
    unsigned char lo = 0x80, hi = 0xbf;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
        n = 2;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
        n = 3;
        if (b0 == 0xe0) lo = 0xa0;
        if (b0 == 0xed) hi = 0x9f;
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
        n = 4;
        if (b0 == 0xf0) lo = 0x90;
        if (b0 == 0xf4) hi = 0x8f;
    } else {
        return fail("invalid start byte");
    }
    for (size_t k = 1; k < n; ++k) {
        if (i + k >= text.size()) return fail("unexpected end of data");
        const auto c = static_cast<unsigned char>(text[i + k]);
        if (c < (k == 1 ? lo : 0x80) || c > (k == 1 ? hi : 0xbf)) return fail("invalid continuation byte");
    }
    return n;
}

bool isValidUtf8(std::string_view text) {
    for (size_t i = 0; i < text.size();) {
        const size_t length = utf8SequenceLength(text, i);
        if (length == 0) return false;
        i += length;
    }
    return true;
}

} // namespace graphlens
