#include "core/numeric/float16.h"

#include <bit>
#include <cmath>

namespace graphlens::numeric {

float halfToFloat(Half h) {
    const uint32_t sign = static_cast<uint32_t>(h.bits & 0x8000u) << 16;
    const uint32_t exp = (h.bits >> 10) & 0x1fu;
    const uint32_t man = h.bits & 0x3ffu;
    if (exp == 0x1f) return std::bit_cast<float>(sign | 0x7f800000u | (man << 13));
    if (exp == 0) {
        // Subnormal halves are exact in float: man * 2^-24.
        const float v = std::ldexp(static_cast<float>(man), -24);
        return sign ? -v : v;
    }
    return std::bit_cast<float>(sign | ((exp + 112u) << 23) | (man << 13));
}

double halfToDouble(Half h) {
    return static_cast<double>(halfToFloat(h));
}

namespace {

// Rounds |x| (finite, positive or zero) to the nearest half with ties to even. Works in double
// so a float or a double input is rounded once.
uint16_t roundMagnitudeToHalf(double a) {
    if (a >= 65520.0) return 0x7c00; // rounds to infinity (65504 + half an ulp and above)
    if (a < std::ldexp(1.0, -14)) {
        // Subnormal range: quantum 2^-24.
        const double q = std::nearbyint(std::ldexp(a, 24)); // default rounding: ties to even
        return static_cast<uint16_t>(q);                    // 1024 lands on the smallest normal, which is right
    }
    int e = 0;
    const double m = std::frexp(a, &e);                // a = m * 2^e, m in [0.5, 1)
    double scaled = std::nearbyint(std::ldexp(m, 11)); // 11 significant bits
    if (scaled >= 2048.0) {
        scaled /= 2.0;
        ++e;
    }
    const int exp = e - 1 + 15;
    if (exp >= 31) return 0x7c00;
    return static_cast<uint16_t>((exp << 10) | (static_cast<int>(scaled) - 1024));
}

} // namespace

Half doubleToHalf(double d) {
    if (std::isnan(d)) return Half{ static_cast<uint16_t>(std::signbit(d) ? 0xfe00 : 0x7e00) };
    const uint16_t sign = std::signbit(d) ? 0x8000 : 0;
    if (std::isinf(d)) return Half{ static_cast<uint16_t>(sign | 0x7c00) };
    return Half{ static_cast<uint16_t>(sign | roundMagnitudeToHalf(std::fabs(d))) };
}

Half floatToHalf(float f) {
    return doubleToHalf(static_cast<double>(f));
}

float bfloat16ToFloat(BFloat16 b) {
    return std::bit_cast<float>(static_cast<uint32_t>(b.bits) << 16);
}

BFloat16 floatToBFloat16(float f) {
    uint32_t u = std::bit_cast<uint32_t>(f);
    if (std::isnan(f)) return BFloat16{ static_cast<uint16_t>((u >> 16) | 0x40) };
    u += 0x7fffu + ((u >> 16) & 1u);
    return BFloat16{ static_cast<uint16_t>(u >> 16) };
}

} // namespace graphlens::numeric
