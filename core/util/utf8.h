#pragma once
// Well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing above U+10FFFF), for the
// byte strings TensorFlow files hold: JSON output escapes what is not, proto3 strings must be.
#include <cstddef>
#include <string_view>

namespace graphlens {

// The length of the UTF-8 sequence starting at text[i] (1 for ASCII), or 0 when the bytes there
// are not one; then `why`, when given, is CPython's reason ("invalid start byte", "invalid
// continuation byte", "unexpected end of data").
size_t utf8SequenceLength(std::string_view text, size_t i, const char** why = nullptr);
bool isValidUtf8(std::string_view text);

} // namespace graphlens
