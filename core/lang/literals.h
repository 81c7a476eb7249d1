#pragma once
// Decoding of number and string literal tokens.
#include <string>

#include "core/lang/ast.h"
#include "core/lang/lexer.h"

namespace graphlens::lang {

struct StringToken {
    bool raw = false, bytes = false, fstring = false;
    uint32_t bodyBegin = 0, bodyEnd = 0; // source byte offsets of the text between the quotes
    uint32_t bodyLine = 0, bodyCol = 0;  // position of bodyBegin
    int quoteLen = 1;
    char quote = '\'';
};
StringToken splitStringToken(const Token& tok);

// Decodes backslash escapes of source.text[begin, end) (a non-raw string or bytes body, or a
// literal part of an f-string). Errors are reported at `errSpan`'s end, as CPython does.
std::string decodeEscapes(const SourceFile& source, uint32_t begin, uint32_t end, bool bytes, const Span& errSpan);

// Fills value/i/f/s of `out` from a NUMBER token.
void decodeNumber(const SourceFile& source, const Token& tok, Constant* out);
// The digits of a decimal integer literal (underscores not counted); 0 for any other number.
size_t decimalIntDigits(std::string_view text);
// CPython's ValueError text for an int <-> str conversion over the limit (`digits` > 0: the
// digit count of a string being converted to int; 0: an int being converted to str).
std::string intDigitsLimitMessage(int64_t limit, size_t digits);

void appendUtf8(std::string& out, uint32_t cp);
// Decodes the code point starting at s[i] (valid UTF-8, as str values always are) and advances i.
uint32_t nextCodePoint(const std::string& s, size_t& i);

// Simple case mapping of one code point (ASCII, Latin-1, Latin Extended-A, Greek, Cyrillic).
bool cpIsLower(uint32_t c);
bool cpIsUpper(uint32_t c);
uint32_t cpUpper(uint32_t c);
uint32_t cpLower(uint32_t c);
// The code point a Unicode character name (upper case, as \N{...} spells it) stands for.
bool lookupUnicodeName(const std::string& name, uint32_t& cp);

} // namespace graphlens::lang
