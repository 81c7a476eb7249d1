#pragma once
// Float-to-text conversions of numpy (Dragon4 in its "unique" mode), CPython (float repr) and
// TensorFlow (FloatToBuffer / DoubleToBuffer, and ml_dtypes' bfloat16 text), byte for byte.
//
// Values of every width are passed as a double (half and float convert exactly); `width` says
// which format's neighbours decide what "shortest round-trip digits" means.
#include <string>

namespace graphlens::numeric {

enum class FloatWidth { Half = 16, Single = 32, Double = 64 };

// Significant decimal digits (no leading or trailing zeros; "0" for zero) and the decimal
// exponent of the first digit: |v| = d[0].d[1..] * 10^exponent.
struct DecimalDigits {
    std::string digits;
    int exponent = 0;
};

// The shortest digits that read back as the same value in `width` (the closest such when
// several have that length). v must be finite.
DecimalDigits shortestDigits(double v, FloatWidth width);

// numpy's Dragon4 trim modes: 'k' keeps trailing zeros, '.' trims them but keeps the point,
// '0' trims them but keeps one zero after the point, '-' trims the point too.
enum class Trim { Keep = 'k', Point = '.', Zero = '0', All = '-' };

struct Dragon4Options {
    int precision = -1; // max fractional digits; -1 = no limit (shortest unique digits)
    int minDigits = -1; // pad the fractional part with zeros to this many digits
    Trim trim = Trim::Point;
    int padLeft = -1;   // width of the part left of the point (sign included)
    int padRight = -1;  // positional: width of the fractional part
    int expDigits = -1; // scientific: at least this many exponent digits (at least 2 always)
};

// np.format_float_positional / format_float_scientific with unique=True, for finite v.
std::string dragon4Positional(double v, FloatWidth width, const Dragon4Options& opt);
std::string dragon4Scientific(double v, FloatWidth width, const Dragon4Options& opt);

// str() of a numpy float scalar (np.float32(x) prints like this too): positional for
// 1e-4 <= |v| < 1e16 (1e6 for float32, 1e3 for float16), else scientific; "nan", "inf".
std::string numpyScalarFloatStr(double v, FloatWidth width);

// CPython repr(float).
std::string pythonFloatRepr(double v);

// TensorFlow's StrCat of a float / double: "%.6g" (float) or "%.15g" (double) when that reads
// back exactly, else "%.9g" / "%.17g"; "nan" / "-nan".
std::string tfFloatToBuffer(float v);
std::string tfDoubleToBuffer(double v);

// ml_dtypes' text for bfloat16 scalars (and numpy arrays of them): the float value in "%g".
std::string mlDtypesFloatStr(float v);

} // namespace graphlens::numeric
