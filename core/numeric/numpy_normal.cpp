#include "core/numeric/numpy_normal.h"

#include <bit>
#include <cmath>
#include <cstdint>

namespace graphlens::numeric {
namespace {

#include "core/numeric/numpy_ziggurat.inc"

// The right edge of the ziggurat's base strip (Marsaglia and Tsang's r for 256 strips) and 1/r.
constexpr double kZigguratR = 3.6541528853610088;
constexpr double kZigguratInvR = 0.27366123732975828;

double wi(int i) {
    return std::bit_cast<double>(kNumpyZigguratWiBits[i]);
}
// The strip's top edge: the density at the strip's x, exp(-x^2 / 2) with x = wi * 2^52.
double fi(int i) {
    const double x = std::ldexp(wi(i), 52);
    return i == 0 ? 1.0 : std::exp(-0.5 * x * x);
}

} // namespace

double numpyStandardNormal(Pcg64& bits) {
    for (;;) {
        uint64_t r = bits.next64();
        const int idx = static_cast<int>(r & 0xff);
        r >>= 8;
        const bool negative = r & 1;
        const uint64_t rabs = (r >> 1) & 0x000fffffffffffffULL;
        double x = static_cast<double>(rabs) * wi(idx);
        if (negative) x = -x;
        if (rabs < kNumpyZigguratKi[idx]) return x; // nearly always
        if (idx == 0) {
            // the tail beyond r, from two uniforms (1 - u, so that log never sees 0)
            for (;;) {
                const double xx = -kZigguratInvR * std::log1p(-bits.nextDouble());
                const double yy = -std::log1p(-bits.nextDouble());
                if (yy + yy > xx * xx) return ((rabs >> 8) & 1) ? -(kZigguratR + xx) : kZigguratR + xx;
            }
        }
        if ((fi(idx - 1) - fi(idx)) * bits.nextDouble() + fi(idx) < std::exp(-0.5 * x * x)) return x;
    }
}

} // namespace graphlens::numeric
