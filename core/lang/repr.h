#pragma once
// Python's repr() of str and bytes (CPython 3.11): the quote repr picks and the escapes it writes.
// The one home of these texts: the interpreter's repr(), the printer (ast.unparse / ast.dump) and
// tf.function's trace-type texts use it. Floats: numeric::pythonFloatRepr (format_float.h).
#include <string>
#include <string_view>

namespace graphlens::lang {

// repr() of a str held as UTF-8 (WTF-8: lone surrogates print as \udxxx). `quote` 0 picks the
// quote as repr does; '\'' or '"' forces that one (escaped where it occurs).
std::string strRepr(std::string_view s, char quote = 0);
// repr() of bytes: b'...', bytes outside printable ASCII as \xhh.
std::string bytesRepr(std::string_view s);

} // namespace graphlens::lang
