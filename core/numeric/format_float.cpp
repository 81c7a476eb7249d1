#include "core/numeric/format_float.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include "core/numeric/float16.h"

namespace graphlens::numeric {

namespace {

// "d.ddde±x" or "ddd.ddd" (from to_chars / printf) -> digits and exponent, leading and
// trailing zeros removed.
DecimalDigits parseDecimal(std::string_view text) {
    DecimalDigits out;
    int exp10 = 0;
    const size_t e = text.find_first_of("eE");
    if (e != std::string_view::npos) {
        exp10 = std::atoi(std::string(text.substr(e + 1)).c_str());
        text = text.substr(0, e);
    }
    const size_t point = text.find('.');
    const std::string_view intPart = text.substr(0, point);
    std::string all(intPart);
    if (point != std::string_view::npos) all += text.substr(point + 1);
    const size_t first = all.find_first_not_of('0');
    if (first == std::string::npos) return DecimalDigits{ "0", 0 };
    const size_t last = all.find_last_not_of('0');
    out.digits = all.substr(first, last - first + 1);
    out.exponent = static_cast<int>(intPart.size()) - 1 - static_cast<int>(first) + exp10;
    return out;
}

// printf with a literal format per conversion ('f', 'e' or 'g'), as -Wformat=2 wants.
int printfInto(char* buf, size_t size, char conv, int precision, double v) {
    if (conv == 'f') return std::snprintf(buf, size, "%.*f", precision, v);
    if (conv == 'e') return std::snprintf(buf, size, "%.*e", precision, v);
    return std::snprintf(buf, size, "%.*g", precision, v);
}

std::string printfDouble(char conv, int precision, double v) {
    const int n = printfInto(nullptr, 0, conv, precision, v);
    std::string buf(static_cast<size_t>(n) + 1, '\0');
    printfInto(buf.data(), buf.size(), conv, precision, v);
    buf.resize(static_cast<size_t>(n));
    return buf;
}

// Correctly rounded (ties to even, glibc printf) to `frac` fractional digits.
DecimalDigits roundFixed(double a, int frac) {
    return parseDecimal(printfDouble('f', frac, a));
}

// Correctly rounded to `frac` digits after the first significant one.
DecimalDigits roundScientific(double a, int frac) {
    return parseDecimal(printfDouble('e', frac, a));
}

bool roundTripsHalf(const std::string& text, Half target) {
    return doubleToHalf(std::strtod(text.c_str(), nullptr)).bits == target.bits;
}

DecimalDigits shortestHalf(double a) {
    const Half target = doubleToHalf(a);
    for (int p = 1; p <= 17; ++p) {
        // The correctly rounded p-digit value, and its neighbours one unit away: near a power
        // of two the rounding interval is lopsided, so a neighbour may read back when the
        // nearest does not.
        const DecimalDigits nearest = roundScientific(a, p - 1);
        std::string mant = nearest.digits;
        mant.resize(static_cast<size_t>(p), '0');
        const long long m = std::stoll(mant);
        double bestDist = -1;
        DecimalDigits best;
        for (long long cand : { m, m - 1, m + 1 }) {
            if (cand <= 0) continue;
            const std::string text = std::to_string(cand) + "e" + std::to_string(nearest.exponent - (p - 1));
            if (!roundTripsHalf(text, target)) continue;
            const double dist = std::fabs(std::strtod(text.c_str(), nullptr) - a);
            if (bestDist < 0 || dist < bestDist) {
                bestDist = dist;
                best = parseDecimal(text);
            }
        }
        if (bestDist >= 0) return best;
    }
    return roundScientific(a, 16);
}

std::string exponentText(int exp10, int minDigits) {
    std::string digits = std::to_string(exp10 < 0 ? -exp10 : exp10);
    const size_t want = static_cast<size_t>(std::max(2, minDigits));
    if (digits.size() < want) digits.insert(0, want - digits.size(), '0');
    return std::string(exp10 < 0 ? "e-" : "e+") + digits;
}

// Joins sign + integer part, the point and the fractional part under numpy's trim/pad rules.
std::string assemble(bool negative, std::string intPart, std::string frac, const Dragon4Options& opt, int padRight) {
    if (opt.minDigits > 0 && static_cast<int>(frac.size()) < opt.minDigits)
        frac.append(static_cast<size_t>(opt.minDigits) - frac.size(), '0');
    if (opt.trim != Trim::Keep) {
        const size_t last = frac.find_last_not_of('0');
        const size_t keep = last == std::string::npos ? 0 : last + 1;
        frac.resize(std::max(keep, static_cast<size_t>(std::max(opt.minDigits, 0))));
    }
    bool point = true;
    if (frac.empty()) {
        if (opt.trim == Trim::Zero) frac = "0";
        else if (opt.trim == Trim::All) point = false;
    }
    std::string left = (negative ? "-" : "") + intPart;
    if (opt.padLeft > static_cast<int>(left.size()))
        left.insert(0, static_cast<size_t>(opt.padLeft) - left.size(), ' ');
    std::string out = left;
    if (point) out += '.';
    out += frac;
    if (padRight > static_cast<int>(frac.size())) out.append(static_cast<size_t>(padRight) - frac.size(), ' ');
    return out;
}

} // namespace

DecimalDigits shortestDigits(double v, FloatWidth width) {
    const double a = std::fabs(v);
    if (a == 0) return DecimalDigits{ "0", 0 };
    if (width == FloatWidth::Half) return shortestHalf(a);
    char buf[64];
    const auto res = width == FloatWidth::Single
        ? std::to_chars(buf, buf + sizeof buf, static_cast<float>(a), std::chars_format::scientific)
        : std::to_chars(buf, buf + sizeof buf, a, std::chars_format::scientific);
    return parseDecimal(std::string_view(buf, static_cast<size_t>(res.ptr - buf)));
}

std::string dragon4Positional(double v, FloatWidth width, const Dragon4Options& opt) {
    const double a = std::fabs(v);
    DecimalDigits d = shortestDigits(a, width);
    if (opt.precision >= 0 && d.digits != "0") {
        const int fracNeeded = static_cast<int>(d.digits.size()) - 1 - d.exponent;
        if (fracNeeded > opt.precision) d = roundFixed(a, opt.precision);
    }
    // numpy's min_digits prints further digits of the exact value (not zeros) past the
    // shortest unique ones.
    if (opt.minDigits > 0 && static_cast<int>(d.digits.size()) - 1 - d.exponent < opt.minDigits)
        d = roundFixed(a, opt.minDigits);
    std::string intPart;
    std::string frac;
    if (d.digits == "0") {
        intPart = "0";
    } else if (d.exponent >= 0) {
        const size_t intLen = static_cast<size_t>(d.exponent) + 1;
        intPart = d.digits.substr(0, std::min(intLen, d.digits.size()));
        if (intPart.size() < intLen) intPart.append(intLen - intPart.size(), '0');
        if (d.digits.size() > intLen) frac = d.digits.substr(intLen);
    } else {
        intPart = "0";
        frac = std::string(static_cast<size_t>(-d.exponent - 1), '0') + d.digits;
    }
    return assemble(std::signbit(v), intPart, frac, opt, opt.padRight);
}

std::string dragon4Scientific(double v, FloatWidth width, const Dragon4Options& opt) {
    const double a = std::fabs(v);
    DecimalDigits d = shortestDigits(a, width);
    if (opt.precision >= 0 && static_cast<int>(d.digits.size()) - 1 > opt.precision)
        d = roundScientific(a, opt.precision);
    if (opt.minDigits > 0 && static_cast<int>(d.digits.size()) - 1 < opt.minDigits)
        d = roundScientific(a, opt.minDigits);
    const std::string intPart = d.digits.substr(0, 1);
    const std::string frac = d.digits.substr(1);
    return assemble(std::signbit(v), intPart, frac, opt, -1) + exponentText(d.exponent, opt.expDigits);
}

std::string numpyScalarFloatStr(double v, FloatWidth width) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v < 0 ? "-inf" : "inf";
    const double a = std::fabs(v);
    const double cutoff = width == FloatWidth::Half ? 1e3 : width == FloatWidth::Single ? 1e6 : 1e16;
    Dragon4Options opt;
    if (a == 0 || (a >= 1e-4 && a < cutoff)) {
        opt.trim = Trim::Zero;
        return dragon4Positional(v, width, opt);
    }
    opt.trim = Trim::All;
    return dragon4Scientific(v, width, opt);
}

std::string pythonFloatRepr(double v) {
    return numpyScalarFloatStr(v, FloatWidth::Double);
}

std::string tfFloatToBuffer(float v) {
    if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
    std::string s = printfDouble('g', 6, static_cast<double>(v));
    if (std::strtof(s.c_str(), nullptr) != v) s = printfDouble('g', 9, static_cast<double>(v));
    return s;
}

std::string tfDoubleToBuffer(double v) {
    if (std::isnan(v)) return std::signbit(v) ? "-nan" : "nan";
    std::string s = printfDouble('g', 15, v);
    if (std::strtod(s.c_str(), nullptr) != v) s = printfDouble('g', 17, v);
    return s;
}

std::string mlDtypesFloatStr(float v) {
    std::ostringstream os;
    os << v;
    return os.str();
}

} // namespace graphlens::numeric
