#pragma once
// TF's CPU kernels evaluate the transcendental functions with Eigen's packet math (the TF 2.21 wheel
// is built for AVX without FMA: 8 floats or 4 doubles a packet, every multiply-add rounded twice).
// Eigen applies the packet algorithm to whole packets of a tensor and its scalar functor (mostly the
// C library's) to the elements left over at the end, so one value can come out differently
// depending on where it sits. These functions give TF's results bit for bit: `lane` functions are
// one lane of the packet algorithm, written out from Eigen's documented range reductions and
// coefficients, and `forEach` applies them where TF does. This file must be compiled without
// floating-point contraction (core/ops/CMakeLists.txt).
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>
#include <xmmintrin.h>

#include "core/ops/onednn.h"

namespace graphlens::ops::tfmath {

// TF runs its kernels with denormals flushed to zero, inputs (DAZ) and results (FTZ) alike, in
// its packet and scalar paths both; this sets the same for the current thread while it lives.
class FlushDenormals {
public:
    FlushDenormals()
        : m_saved(_mm_getcsr()) {
        _mm_setcsr(m_saved | 0x8040u);
    }
    ~FlushDenormals() { _mm_setcsr(m_saved); }
    FlushDenormals(const FlushDenormals&) = delete;
    FlushDenormals& operator=(const FlushDenormals&) = delete;

private:
    unsigned m_saved;
};

template<class T> inline constexpr int64_t kPacket = sizeof(T) == 4 ? 8 : 4;

// x86 min/max return their second operand when either is NaN; Eigen swaps the operands so that
// pmin(a, b) keeps a then, as std::min does.
template<class T> inline T pmin(T a, T b) {
    return b < a ? b : a;
}
template<class T> inline T pmax(T a, T b) {
    return b > a ? b : a;
}

inline uint32_t bitsOf(float v) {
    return std::bit_cast<uint32_t>(v);
}
inline uint64_t bitsOf(double v) {
    return std::bit_cast<uint64_t>(v);
}
inline float floatOf(uint32_t b) {
    return std::bit_cast<float>(b);
}
inline double doubleOf(uint64_t b) {
    return std::bit_cast<double>(b);
}

// cvttps2dq: truncation, and INT_MIN for NaN or out of range.
inline int32_t truncToInt(float v) {
    return (v >= -2147483648.0f && v < 2147483648.0f) ? static_cast<int32_t>(v) : INT32_MIN;
}
// cvtpd2dq: rounding to nearest, but only ever given integers here; INT_MIN for NaN or out of range.
inline int32_t roundToInt(double v) {
    return (v >= -2147483648.0 && v < 2147483648.0) ? static_cast<int32_t>(v) : INT32_MIN;
}

// floor without SSE4.1's roundps (the library call is most of exp's time): exact through an
// integer conversion below 2^23 (2^52), where larger values, inf and NaN are already their floor.
inline float floorLane(float v) {
    if (!(std::fabs(v) < 8388608.0f)) return v;
    const float t = static_cast<float>(static_cast<int32_t>(v));
    return t > v ? t - 1.0f : std::copysign(t, v);
}
inline double floorLane(double v) {
    if (!(std::fabs(v) < 4503599627370496.0)) return v;
    const double t = static_cast<double>(static_cast<int64_t>(v));
    return t > v ? t - 1.0 : std::copysign(t, v);
}
inline float pow2f(int32_t biased) {
    return floatOf(static_cast<uint32_t>(biased) << 23);
}
inline double pow2d(int32_t biased) {
    return doubleOf(static_cast<uint64_t>(static_cast<uint32_t>(biased)) << 52);
}

// a * 2^e in four exact steps, so that neither a denormal nor an overflow comes early.
inline float ldexpLane(float a, float e) {
    const int32_t ei = truncToInt(pmin(pmax(e, -278.0f), 278.0f));
    int32_t b = ei >> 2;
    const float c = pow2f(static_cast<int32_t>(static_cast<uint32_t>(b) + 127u));
    const float out = a * c * c * c;
    b = static_cast<int32_t>(static_cast<uint32_t>(ei) - 3u * static_cast<uint32_t>(b));
    return out * pow2f(static_cast<int32_t>(static_cast<uint32_t>(b) + 127u));
}
inline double ldexpLane(double a, double e) {
    const int32_t ei = roundToInt(pmin(pmax(e, -2099.0), 2099.0));
    int32_t b = ei >> 2;
    const double c = pow2d(static_cast<int32_t>(static_cast<uint32_t>(b) + 1023u));
    const double out = a * c * c * c;
    b = static_cast<int32_t>(static_cast<uint32_t>(ei) - 3u * static_cast<uint32_t>(b));
    return out * pow2d(static_cast<int32_t>(static_cast<uint32_t>(b) + 1023u));
}
// One multiply; only for exponents whose power of two is a normal number.
inline float ldexpFastLane(float a, float e) {
    return a * pow2f(truncToInt(pmin(pmax(e + 127.0f, 0.0f), 255.0f)));
}

// The mantissa in [0.5, 1) and the exponent, denormals included; 0, inf and NaN come back as they are.
template<class T> inline T frexpLane(T a, T& exponent) {
    using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    constexpr int kMantissa = std::numeric_limits<T>::digits - 1;
    constexpr int kExpBits = static_cast<int>(sizeof(T) * 8) - kMantissa - 1;
    constexpr U kExpMask = ((U(1) << kExpBits) - 1) << kMantissa;
    const bool denormal = std::fabs(a) < std::numeric_limits<T>::min();
    const T normalized = denormal ? a * T(U(1) << (kMantissa + 1)) : a;
    const T minExp = -T((U(1) << (kExpBits - 1)) - 2);
    const T offset = denormal ? minExp + -T(kMantissa + 1) : minExp;
    const U magnitude = std::bit_cast<U>(normalized) & ~(U(1) << (kMantissa + kExpBits));
    const T biased = T(static_cast<std::make_signed_t<U>>(magnitude >> kMantissa));
    const bool special = a == T(0) || biased == T((U(1) << kExpBits) - 1);
    exponent = special ? T(0) : biased + offset;
    return special ? a : std::bit_cast<T>((std::bit_cast<U>(normalized) & ~kExpMask) | std::bit_cast<U>(T(0.5)));
}

// Double-word arithmetic for Eigen's pow: values as hi + lo pairs, products split by Veltkamp's
// method (TF's build has no FMA).
namespace dw {
template<class T> inline void split(T x, T& hi, T& lo) {
    constexpr int shift = (std::numeric_limits<T>::digits + 1) / 2;
    const T gamma = (T(uint64_t(1) << shift) + T(1)) * x;
    const T rho = x - gamma;
    hi = rho + gamma;
    lo = x - hi;
}
template<class T> inline void fastTwoSum(T x, T y, T& hi, T& lo) {
    hi = x + y;
    lo = y - (hi - x);
}
template<class T> inline void fastTwoSum(T x, T yHi, T yLo, T& hi, T& lo) {
    T rHi, rLo;
    fastTwoSum(x, yHi, rHi, rLo);
    fastTwoSum(rHi, yLo + rLo, hi, lo);
}
template<class T> inline void fastTwoSum(T xHi, T xLo, T yHi, T yLo, T& hi, T& lo) {
    T rHi, rLo;
    fastTwoSum(xHi, yHi, rHi, rLo);
    fastTwoSum(rHi, (yLo + rLo) + xLo, hi, lo);
}
template<class T> inline void twoProd(T x, T y, T& hi, T& lo) {
    T xHi, xLo, yHi, yLo;
    split(x, xHi, xLo);
    split(y, yHi, yLo);
    hi = x * y;
    lo = xHi * yHi + -hi;
    lo = xHi * yLo + lo;
    lo = xLo * yHi + lo;
    lo = xLo * yLo + lo;
}
template<class T> inline void twoProd(T xHi, T xLo, T y, T& hi, T& lo) {
    T cHi, cLo1;
    twoProd(xHi, y, cHi, cLo1);
    T tHi, tLo;
    fastTwoSum(cHi, xLo * y, tHi, tLo);
    fastTwoSum(tHi, tLo + cLo1, hi, lo);
}
template<class T> inline void twoProd(T xHi, T xLo, T yHi, T yLo, T& hi, T& lo) {
    T hh, hl, lh, ll;
    twoProd(xHi, xLo, yHi, hh, hl);
    twoProd(xHi, xLo, yLo, lh, ll);
    fastTwoSum(hh, hl, lh, ll, hi, lo);
}
template<class T> inline void divide(T xHi, T xLo, T y, T& hi, T& lo) {
    const T tHi = xHi / y;
    T piHi, piLo;
    twoProd(tHi, y, piHi, piLo);
    const T delta = ((xHi - piHi) - piLo) + xLo;
    fastTwoSum(tHi, delta / y, hi, lo);
}
} // namespace dw

// rcpps and one Newton step: TF's packet 1/x (softmax's normaliser). The estimate is the CPU's own.
inline float reciprocalLane(float a) {
    const float x = _mm_cvtss_f32(_mm_rcp_ss(_mm_set_ss(a)));
    const float t = 1.0f - a * x;
    return t == t ? x * t + x : x;
}
inline double reciprocalLane(double a) {
    return 1.0 / a;
}

inline float expLane(float x0) {
    const float x = pmin(x0, 88.723f);
    const float m = floorLane(x * 1.44269504088896341f + 0.5f);
    float r = m * -0.693359375f + x;
    r = m * 2.12194440e-4f + r;
    const float r2 = r * r;
    float pe = r2 * 1.37449637986719608306884765625e-3f + 4.166965186595916748046875e-2f;
    const float po = r2 * 8.36894474923610687255859375e-3f + 0.16666518151760101318359375f;
    pe = r2 * pe + 0.49999988079071044921875f;
    const float pl = r + 1.0f;
    float y = r * po + pe;
    y = r2 * y + pl;
    // Within |x| <= 87 one multiply by 2^m is exact (Eigen's fast ldexp), and exp(x) > x.
    if (std::fabs(x0) <= 87.0f) return y * pow2f(static_cast<int32_t>(m) + 127);
    const float out = pmax(ldexpLane(y, m), x0);
    return x0 < -104.0f ? 0.0f : out;
}

inline double expLane(double x0) {
    double x = pmin(x0, 709.784);
    double fx = floorLane(1.4426950408889634073599 * x + 0.5);
    const double tmp = fx * 0.693145751953125;
    const double z = fx * 1.42860682030941723212e-6;
    x = x - tmp;
    x = x - z;
    const double x2 = x * x;
    double px = 1.26177193074810590878e-4;
    px = px * x2 + 3.02994407707441961300e-2;
    px = px * x2 + 9.99999999999999999910e-1;
    px = px * x;
    double qx = 3.00198505138664455042e-6;
    qx = qx * x2 + 2.52448340349684104192e-3;
    qx = qx * x2 + 2.27265548208155028766e-1;
    qx = qx * x2 + 2.00000000000000000009e0;
    x = px / (qx - px);
    x = 2.0 * x + 1.0;
    if (std::fabs(x0) <= 708.0) return x * pow2d(static_cast<int32_t>(fx) + 1023);
    const double out = pmax(ldexpLane(x, fx), x0);
    return x0 < -745.519 ? 0.0 : out;
}

// Negative and NaN inputs give the all-ones NaN, as Eigen ORs in a mask.
template<class T> inline T logSpecials(T x0, T y) {
    using U = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    constexpr T inf = std::numeric_limits<T>::infinity();
    if (x0 == T(0)) return -inf;
    const bool invalid = !(x0 >= T(0));
    return std::bit_cast<T>(std::bit_cast<U>(x0 == inf ? inf : y) | (invalid ? ~U(0) : U(0)));
}

inline float logLane(float x0) {
    float e;
    float x = frexpLane(x0, e);
    const bool lowHalf = x < 0.707106781186547524f;
    const float tmp = lowHalf ? x : 0.0f;
    x = x - 1.0f;
    e = e - (lowHalf ? 1.0f : 0.0f);
    x = x + tmp;
    float p = (0.18256296349849254f * x + 1.0000000190281063f) * x + 1.0000000190281136f;
    p = x * p;
    const float q = ((0.049616247954120038f * x + 0.59923249590823520f) * x + 1.4999999999999927f) * x + 1.0f;
    x = p / q;
    x = e * 0.693147182464599609375f + x;
    return logSpecials(x0, x);
}

inline double logLane(double x0) {
    double e;
    double x = frexpLane(x0, e);
    const bool lowHalf = x < 0.70710678118654752440E0;
    const double tmp = lowHalf ? x : 0.0;
    x = x - 1.0;
    e = e - (lowHalf ? 1.0 : 0.0);
    x = x + tmp;
    const double x2 = x * x;
    const double x3 = x2 * x;
    double y = 1.01875663804580931796E-4 * x + 4.97494994976747001425E-1;
    double y1 = 1.44989225341610930846E1 * x + 1.79368678507819816313E1;
    y = y * x + 4.70579119878881725854E0;
    y1 = y1 * x + 7.70838733755885391666E0;
    double num = y * x3 + y1;
    y = 1.0 * x + 1.12873587189167450590E1;
    y1 = 8.29875266912776603211E1 * x + 7.11544750618563894466E1;
    y = y * x + 4.52279145837532221105E1;
    y1 = y1 * x + 2.31251620126765340583E1;
    y = y * x3 + y1;
    num = num * x3;
    y = num / y;
    y = -0.5 * x2 + y;
    x = x + y;
    x = e * 0.693147180559945286226764 + x;
    return logSpecials(x0, x);
}

// Also Eigen's scalar tanh for float (so TF's float Tanh has no scalar tail of its own).
inline float tanhLane(float a) {
    const float x = pmax(pmin(a, 7.90738964080810547f), -7.90738964080810547f);
    const float x2 = x * x;
    const float x3 = x2 * x;
    float p = ((1.394553628e-8f * x2 + 2.102733560e-5f) * x2 + 3.520756727e-3f) * x2 + 1.340216100e-1f;
    const float q =
        (((8.015776984e-7f * x2 + 3.326951409e-4f) * x2 + 2.597254514e-2f) * x2 + 4.673548340e-1f) * x2 + 1.0f;
    p = x3 * p + x;
    return p / q;
}

inline double tanhLane(double a) {
    static constexpr double kNum[] = { 2.6158007860482230e-23, 7.6534862268749319e-19, 3.1309488231386680e-15,
                                       4.2303918148209176e-12, 2.4618379131293676e-09, 6.8644367682497074e-07,
                                       9.3839087674268880e-05, 5.9809711724441161e-03, 1.5184719640284322e-01 };
    static constexpr double kDen[] = { 6.463747022670968018e-21, 5.782506856739003571e-17,
                                       1.293019623712687916e-13, 1.123643448069621992e-10,
                                       4.492975677839633985e-08, 8.785185266237658698e-06,
                                       8.295161192716231542e-04, 3.437448108450402717e-02,
                                       4.851805297361760360e-01, 1.0 };
    const double x = pmax(pmin(a, 17.714196154005176), -17.714196154005176);
    const double x2 = x * x;
    const double x3 = x2 * x;
    double p = kNum[0];
    for (int i = 1; i < 9; ++i) p = p * x2 + kNum[i];
    double q = kDen[0];
    for (int i = 1; i < 10; ++i) q = q * x2 + kDen[i];
    p = x3 * p + x;
    return p / q;
}

// exp(x/2) squared, so that the power of two is always normal.
inline float sigmoidLane(float x0) {
    float x = pmin(x0, 16.6355324f);
    x = x * 0.5f;
    const float m = floorLane(x * 1.44269504088896341f + 0.5f);
    float r = m * -0.693359375f + x;
    r = m * 2.12194440e-4f + r;
    const float r2 = r * r;
    const float pe = r2 * 4.1898667812347412109375e-2f + 0.49999141693115234375f;
    const float po = r2 * 8.33471305668354034423828125e-3f + 0.16666877269744873046875f;
    const float pl = r + 1.0f;
    float p = r * po + pe;
    p = r2 * p + pl;
    float e = ldexpFastLane(p, m);
    e = e * e;
    return x0 < -104.0f ? 0.0f : e / (1.0f + e);
}
inline float sigmoidScalar(float x) {
    const float e = std::exp(pmin(x, 16.6355324f));
    return e / (1.0f + e);
}
inline double sigmoidFromExp(double e) {
    return e == std::numeric_limits<double>::infinity() ? 1.0 : e / (1.0 + e);
}
inline double sigmoidLane(double x) {
    return sigmoidFromExp(expLane(x));
}
inline double sigmoidScalar(double x) {
    return sigmoidFromExp(std::exp(x));
}

// Kahan's formulas on the packet exp and log.
template<class T> inline T expm1Lane(T x) {
    const T u = expLane(x);
    const T um1 = u - T(1);
    const T logu = logLane(u);
    T r = um1 * (x / logu);
    if (logu == u) r = u;
    return u == T(1) ? x : (um1 == T(-1) ? T(-1) : r);
}
template<class T> inline T log1pLane(T x) {
    const T xp1 = x + T(1);
    const T log1 = logLane(xp1);
    // Where the formula is not used TF's build gives x times 1, which flushes a denormal x.
    if (xp1 == T(1) || xp1 == log1) return std::fabs(x) < std::numeric_limits<T>::min() ? std::copysign(T(0), x) : x;
    return x * (log1 / (xp1 - T(1)));
}

// TF's scalar double log is glibc's compatibility entry point, which tests x <= 0 itself, so under
// DAZ a denormal x gives -inf.
inline double logScalar(double x) {
    if (x <= 0.0) return x == 0.0 ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::quiet_NaN();
    return std::log(x);
}
inline float logScalar(float x) {
    return std::log(x);
}

// Payne-Hanek reduction for |x| past Cody-Waite's reach: x * 2/pi in 2.62 fixed point from 96 bits
// of 2/pi; returns the remainder times pi/2 and sets the quadrant.
inline float trigReduceHuge(float xf, int32_t& quadrant) {
    static constexpr uint32_t kTwoOverPi[] = { 0x00000028, 0x000028be, 0x0028be60, 0x28be60db, 0xbe60db93, 0x60db9391,
                                               0xdb939105, 0x9391054a, 0x91054a7f, 0x054a7f09, 0x4a7f09d5, 0x7f09d5f4,
                                               0x09d5f47d, 0xd5f47d4d, 0xf47d4d37, 0x7d4d3770, 0x4d377036, 0x377036d8,
                                               0x7036d8a5, 0x36d8a566, 0xd8a5664f, 0xa5664f10, 0x664f10e4, 0x4f10e410,
                                               0x10e41000, 0xe4100000 };
    uint32_t xi = bitsOf(xf);
    const uint32_t e = (xi >> 23) - 118;
    xi = ((xi & 0x007fffffu) | 0x00800000u) << (e & 0x7);
    const uint32_t i = e >> 3;
    uint64_t p = uint64_t(xi) * kTwoOverPi[i + 7];
    p = uint64_t(xi) * kTwoOverPi[i + 3] + (p >> 32);
    p = (uint64_t(xi * kTwoOverPi[i - 1]) << 32) + p;
    const uint64_t q = (p + (uint64_t(1) << 61)) >> 62;
    quadrant = static_cast<int32_t>(q);
    p -= q << 62;
    return static_cast<float>(static_cast<double>(static_cast<int64_t>(p)) * 3.4061215800865545e-19);
}

// Eigen's float sin and cos: x - k pi/2 in four Cody-Waite steps (Payne-Hanek past 25966 or 18838),
// then the quadrant's sine or cosine polynomial.
template<bool kSine> inline float sinCosLane(float x0) {
    float x = std::fabs(x0);
    float y = x * 0.636619746685028076171875f;
    const float yRound = y + 12582912.0f;
    int32_t quadrant = static_cast<int32_t>(bitsOf(yRound));
    y = yRound - 12582912.0f;
    x = y * -1.5703125f + x;
    x = y * -0.000483989715576171875f + x;
    x = y * 1.62865035235881805419921875e-07f + x;
    x = y * 5.5644315544167710640977020375430583953857421875e-11f + x;
    const float ax = std::fabs(x0);
    if (ax >= (kSine ? 25966.0f : 18838.0f) && std::isfinite(ax)) x = trigReduceHuge(ax, quadrant);
    const auto q = static_cast<uint32_t>(quadrant);
    const uint32_t sign = (kSine ? bitsOf(x0) ^ (q << 30) : (q + 1u) << 30) & 0x80000000u;
    const float x2 = x * x;
    float c = 2.4372266125283204019069671630859375e-05f;
    c = c * x2 + -0.00138865201734006404876708984375f;
    c = c * x2 + 0.041666619479656219482421875f;
    c = c * x2 + -0.5f;
    c = c * x2 + 1.0f;
    float sn = -0.0001959234114083702898469196984621021329076029360294342041015625f;
    sn = sn * x2 + 0.0083326873655616851693794799871284340042620897293090820312500000f;
    sn = sn * x2 + -0.1666666203982298255503735617821803316473960876464843750000000000f;
    sn = sn * x2;
    sn = sn * x + x;
    const bool even = (q & 1u) == 0;
    const float r = kSine ? (even ? sn : c) : (even ? c : sn);
    return floatOf(bitsOf(r) ^ sign);
}

// Eigen's rational erf for float, its packet and scalar forms alike.
inline float erfLane(float x) {
    const float x2 = pmin(16.0f, x * x);
    float p = 2.123732201653183437883853912353515625e-06f;
    for (float c : { 2.861979592125862836837768554687500000e-04f, 3.658048342913389205932617187500000000e-03f,
                     5.243302136659622192382812500000000000e-02f, 1.874160766601562500000000000000000000e-01f,
                     1.128379106521606445312500000000000000e+00f })
        p = p * x2 + c;
    p = x * p;
    float q = 3.89185734093189239501953125000e-05f;
    for (float c : { 1.14329601638019084930419921875e-03f, 1.47520881146192550659179687500e-02f,
                     1.12945675849914550781250000000e-01f, 4.99425798654556274414062500000e-01f, 1.0f })
        q = q * x2 + c;
    return pmax(pmin(p / q, 1.0f), -1.0f);
}

// x^2's rounding error by Veltkamp's split (TF's build has no FMA).
template<class T> inline T squareLow(T x, T x2) {
    T hi, lo;
    dw::split(x, hi, lo);
    T r = hi * hi + -x2;
    r = hi * lo + r;
    r = lo * hi + r;
    return lo * lo + r;
}

// erf(x)/x for x^2 <= 1, double.
inline double erfOverXSmall(double x2) {
    static constexpr double kAlpha[] = { 1.9493725660006057018823477644531294572516344487667083740234375e-04,
                                         1.8272566210022942682217328425053892715368419885635375976562500e-03,
                                         4.5303363351690106863856044583371840417385101318359375000000000e-02,
                                         1.4215015503619179981775744181504705920815467834472656250000000e-01,
                                         1.1283791670955125585606992899556644260883331298828125000000000e+00 };
    static constexpr double kBeta[] = { 2.0294484101083099089526257108317963684385176748037338256835938e-05,
                                        6.8117805899186819641732970609382391558028757572174072265625000e-04,
                                        1.0582026056098614921752165685120417037978768348693847656250000e-02,
                                        9.3252603143757495374188692949246615171432495117187500000000000e-02,
                                        4.5931062818368939559832142549566924571990966796875000000000000e-01,
                                        1.0 };
    double p = kAlpha[0], q = kBeta[0];
    for (int i = 1; i < 5; ++i) p = p * x2 + kAlpha[i];
    for (int i = 1; i < 6; ++i) q = q * x2 + kBeta[i];
    return p / q;
}

// erfc(x) = exp(-x^2) P(1/x^2) / (x Q(1/x^2)) for 1 < |x| < 28, exp(-x^2) corrected by the low
// part of x^2. `Exp` is the packet exp or the C library's, as the lane or the scalar path uses.
template<class Exp> inline double erfcLarge(double x, double x2, Exp exp) {
    static constexpr double kGamma[] = { 1.5252844933226974316088642158462107545346952974796295166015625e-04,
                                         1.0909912393738931124520519233556115068495273590087890625000000e-02,
                                         1.0628604636755033252537572252549580298364162445068359375000000e-01,
                                         3.3492472973137982217295416376146022230386734008789062500000000e-01,
                                         4.5065776215933289750026347064704168587923049926757812500000000e-01,
                                         2.9433039130294824659017649537418037652969360351562500000000000e-01,
                                         9.8792676360600226170838311645638896152377128601074218750000000e-02,
                                         1.7095935395503719655962981960328761488199234008789062500000000e-02,
                                         1.4249109729504577659398023570247460156679153442382812500000000e-03,
                                         4.4567378313647954771875570045835956989321857690811157226562500e-05 };
    static constexpr double kDelta[] = { 2.041985103115789845773520028160419315099716186523437500000000e-03,
                                         5.316030659946043707142493417450168635696172714233398437500000e-02,
                                         3.426242193784684864077405563875799998641014099121093750000000e-01,
                                         8.565637124308049799026321124983951449394226074218750000000000e-01,
                                         1.000000000000000000000000000000000000000000000000000000000000e+00,
                                         5.968805280570776972126623149961233139038085937500000000000000e-01,
                                         1.890922854723317836356244470152887515723705291748046875000000e-01,
                                         3.152505418656005586885981983868987299501895904541015625000000e-02,
                                         2.565085751861882583380047861965067568235099315643310546875000e-03,
                                         7.899362131678837697403017248376499992446042597293853759765625e-05 };
    const double e = exp(-x2);
    const double z = e - e * squareLow(x, x2);
    const double q2 = 1.0 / x2;
    double num = kGamma[0], den = kDelta[0];
    for (int i = 1; i < 10; ++i) num = num * q2 + kGamma[i];
    for (int i = 1; i < 10; ++i) den = den * q2 + kDelta[i];
    return z * (num / (x * den)) + (x < 0.0 ? 2.0 : 0.0);
}

// Eigen's erf for double: erf(x)/x's rational function for |x| <= 1, else 1 - erfc(x).
template<class Exp> inline double erfDouble(double x, Exp exp) {
    const double x2 = x * x;
    if (!(1.0 < x2)) return x * erfOverXSmall(x2);
    return 1.0 - erfcLarge(x, x2, exp);
}
inline double erfLane(double x) {
    return erfDouble(x, [](double v) { return expLane(v); });
}
inline double erfScalar(double x) {
    return erfDouble(x, [](double v) { return std::exp(v); });
}
inline float erfScalar(float x) {
    return erfLane(x);
}

// Eigen's erfc: 1 + x S(x^2) for |x| <= 1, else the large-x form (float: a [3,4] rational in 1/x^2).
template<bool kPacket> inline float erfcFloat(float xIn) {
    const float x = pmin(pmax(xIn, -11.0f), 11.0f);
    const float x2 = x * x;
    float s = 5.61802298761904239654541015625e-04f;
    for (float c : { -4.91381669417023658752441406250e-03f, 2.67075151205062866210937500000e-02f,
                     -1.12800106406211853027343750000e-01f, 3.76122951507568359375000000000e-01f,
                     -1.12837910652160644531250000000e+00f })
        s = s * x2 + c;
    if (!(1.0f < x2)) return x * s + 1.0f;
    const float e = kPacket ? expLane(-x2) : std::exp(-x2);
    const float z = e - e * squareLow(x, x2);
    const float q2 = kPacket ? reciprocalLane(x2) : 1.0f / x2;
    float num = 1.0208116471767425537109375e-01f;
    for (float c :
         { 4.2920666933059692382812500e-01f, 3.2379078865051269531250000e-01f, 5.3971976041793823242187500e-02f })
        num = num * q2 + c;
    float den = 1.7251677811145782470703125e-02f;
    for (float c : { 3.9137163758277893066406250e-01f, 1.0000000000000000000000000e+00f,
                     6.2173241376876831054687500e-01f, 9.5662862062454223632812500e-02f })
        den = den * q2 + c;
    return z * (num / (x * den)) + (x < 0.0f ? 2.0f : 0.0f);
}
template<bool kPacket> inline double erfcDouble(double xIn) {
    const double x = pmin(pmax(xIn, -28.0), 28.0);
    const double x2 = x * x;
    if (!(1.0 < x2)) return 1.0 - x * erfOverXSmall(x2);
    return erfcLarge(x, x2, [](double v) { return kPacket ? expLane(v) : std::exp(v); });
}
inline float erfcLane(float x) {
    return erfcFloat<true>(x);
}
inline float erfcScalar(float x) {
    return erfcFloat<false>(x);
}
inline double erfcLane(double x) {
    return erfcDouble<true>(x);
}
inline double erfcScalar(double x) {
    return erfcDouble<false>(x);
}

// rsqrtps and one Newton step: TF's packet 1/sqrt(x) for float. The estimate is the CPU's own.
inline float rsqrtLane(float a) {
    const float approx = _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(a)));
    const float r2 = a * approx;
    const float halfR = approx * -0.5f;
    const float h = r2 * approx + -1.0f;
    const float out = halfR * h + approx;
    return std::isnan(out) ? approx : out;
}
inline double rsqrtLane(double a) {
    return 1.0 / std::sqrt(a);
}

// log2 of m in [sqrt(1/2), sqrt(2)) as a double-word.
inline void accurateLog2(float z, float& hi, float& lo) {
    constexpr double kC0 = 1.442695041742110273474963832995854318141937255859375e+00;
    constexpr double kC1 = -7.2134751588268664068692714863573201000690460205078125e-01;
    constexpr float c0Hi = static_cast<float>(kC0), c0Lo = static_cast<float>(kC0 - static_cast<double>(c0Hi));
    constexpr float c1Hi = static_cast<float>(kC1), c1Lo = static_cast<float>(kC1 - static_cast<double>(c1Hi));
    const float x = z - 1.0f;
    float p = 9.7010828554630279541015625e-02f;
    for (float c :
         { -1.6896486282348632812500000e-01f, 1.7200836539268493652343750e-01f, -1.7892272770404815673828125e-01f,
           2.0505344867706298828125000e-01f, -2.4046677350997924804687500e-01f, 2.8857553005218505859375000e-01f,
           -3.6067414283752441406250000e-01f, 4.8089790344238281250000000e-01f })
        p = p * x + c;
    float pHi, pLo;
    dw::twoProd(x, p, pHi, pLo);
    dw::fastTwoSum(c1Hi, c1Lo, pHi, pLo, pHi, pLo);
    dw::twoProd(pHi, pLo, x, pHi, pLo);
    dw::fastTwoSum(c0Hi, c0Lo, pHi, pLo, pHi, pLo);
    dw::twoProd(pHi, pLo, x, hi, lo);
}
inline void accurateLog2(double x, double& hi, double& lo) {
    double tHi, tLo;
    dw::twoProd(2.88539008177792677, 4.07660016854549667e-17, x - 1.0, tHi, tLo);
    double rHi, rLo;
    dw::divide(tHi, tLo, x + 1.0, rHi, rLo);
    double r2Hi, r2Lo, r4Hi, r4Lo;
    dw::twoProd(rHi, rLo, rHi, rLo, r2Hi, r2Lo);
    dw::twoProd(r2Hi, r2Lo, r2Hi, r2Lo, r4Hi, r4Lo);
    double qEven = 2.87074255468000586e-9 * r4Hi + 2.31032094540014656e-7;
    double qOdd = 2.38957980901884082e-8 * r4Hi + 2.27279857398537278e-6;
    qEven = qEven * r4Hi + 2.31271023278625638e-5;
    qOdd = qOdd * r4Hi + 2.47556738444535513e-4;
    qEven = qEven * r4Hi + 2.88543873228900172e-3;
    const double q = qOdd * r2Hi + qEven;
    double pHi, pLo, p1Hi, p1Lo, p2Hi, p2Lo, p3Hi, p3Lo;
    dw::twoProd(r2Hi, r2Lo, q, pHi, pLo);
    dw::fastTwoSum(0.0400377511598501157, -4.77726582251425391e-19, pHi, pLo, p1Hi, p1Lo);
    dw::twoProd(r2Hi, r2Lo, p1Hi, p1Lo, p2Hi, p2Lo);
    dw::fastTwoSum(1.0, p2Hi, p2Lo, p3Hi, p3Lo);
    dw::twoProd(p3Hi, p3Lo, rHi, rLo, hi, lo);
}

// Round half away from zero, as Eigen's AVX pround: truncate x + copysign(0.5 - ulp, x).
inline float roundLane(float a) {
    return std::trunc(floatOf((bitsOf(a) & 0x80000000u) | 0x3EFFFFFFu) + a);
}
inline double roundLane(double a) {
    return std::trunc(doubleOf((bitsOf(a) & 0x8000000000000000ull) | 0x3FDFFFFFFFFFFFFFull) + a);
}

// Eigen's pow for positive x: x^y = 2^(y log2 x), log2 x and the product in double-word precision.
template<class T> inline T powPositive(T x, T y) {
    T e;
    T m = frexpLane(x, e);
    if (m < T(0.70710678118654752440)) {
        m = T(2) * m;
        e = e - T(1);
    }
    T rxHi, rxLo, f1Hi, f1Lo, f2Hi, f2Lo, fHi, fLo;
    accurateLog2(m, rxHi, rxLo);
    dw::twoProd(e, y, f1Hi, f1Lo);
    dw::twoProd(rxHi, rxLo, y, f2Hi, f2Lo);
    dw::fastTwoSum(f1Hi, f1Lo, f2Hi, f2Lo, fHi, fLo);
    T n = roundLane(fHi);
    T r = (fHi - n) + fLo;
    const T nr = roundLane(r);
    r = r - nr;
    n = n + nr;
    // 2^r = exp(r ln 2), the product kept in two parts.
    constexpr T maxCap = T(std::numeric_limits<T>::max_exponent + 1);
    constexpr T minCap = -T(std::numeric_limits<T>::max_exponent + std::numeric_limits<T>::digits - 1);
    r = pmax(pmin(r, maxCap), minCap);
    T pHi, pLo;
    dw::twoProd(static_cast<T>(0.693147180559945309417232121458176568L), r, pHi, pLo);
    const T er = expLane(pHi) * (T(1) + pLo);
    return ldexpLane(er, n);
}

// Eigen's packet pow with IEEE's special cases.
template<class T> inline T powLane(T x, T y) {
    constexpr T inf = std::numeric_limits<T>::infinity();
    constexpr T nan = std::numeric_limits<T>::quiet_NaN();
    const T xAbs = std::fabs(x), yAbs = std::fabs(y);
    T pow = powPositive(xAbs, y);
    const bool yIsInt = floorLane(y) == y && yAbs != inf;
    const T yHalf = y * T(0.5);
    const bool yIsOddInt = yIsInt && !(roundLane(yHalf) == yHalf);
    constexpr T huge =
        (T(std::numeric_limits<T>::max_exponent) * static_cast<T>(0.693147180559945309417232121458176568L)) /
        std::numeric_limits<T>::epsilon();
    if (x < T(0) && !yIsInt) pow = nan;
    if (x == T(0)) pow = y < T(0) ? inf : T(0);
    if (std::signbit(x) && yIsOddInt) pow = -pow;
    if (huge <= yAbs)
        pow = x == T(-1) ? T(1) : (((y < T(0) && x == T(0)) || ((y < T(0)) != (T(1) < xAbs))) ? inf : T(0));
    if (xAbs == inf) {
        const T posInf = y < T(0) ? T(0) : inf;
        pow = x < T(0) ? (yIsOddInt ? -posInf : posInf) : posInf;
    }
    if (std::isnan(x) || std::isnan(y)) pow = nan;
    return y == T(1) ? x : ((x == T(1) || y == T(0)) ? T(1) : pow);
}

// Runs lane(x) on the whole packets of [0, n) and scalar(x) on the rest, as Eigen's executor does.
template<class T, class Lane, class Scalar> inline void forEach(const T* x, T* y, int64_t n, Lane lane, Scalar scalar) {
    const int64_t body = n - n % kPacket<T>;
    for (int64_t i = 0; i < body; ++i) y[i] = lane(x[i]);
    for (int64_t i = body; i < n; ++i) y[i] = scalar(x[i]);
}

// Eigen's vectorised sum of n values from flat index `first`: four packet accumulators over blocks
// of four packets, then one, then the leftover elements one by one; the packet total reduced by
// halves. Past 1024 packets the range is halved at a packet boundary of the flat index and the
// halves summed (Eigen's tree reduction). load(i) gives the packet form of element i, loadScalar(i)
// the scalar form.
template<class T, class Load, class LoadScalar>
inline T sumLeaf(int64_t first, int64_t n, const Load& load, const LoadScalar& loadScalar) {
    constexpr int64_t P = kPacket<T>;
    T acc[4][P] = {};
    int64_t start = 0;
    if (n >= 4 * P) {
        const int64_t end4 = n / (4 * P) * (4 * P);
        for (int64_t j = 0; j < end4; j += 4 * P)
            for (int64_t k = 0; k < 4; ++k)
                for (int64_t l = 0; l < P; ++l) acc[k][l] = load(first + j + k * P + l) + acc[k][l];
        for (int64_t k = 1; k < 4; ++k)
            for (int64_t l = 0; l < P; ++l) acc[0][l] = acc[k][l] + acc[0][l];
        start = end4;
    }
    if (start <= n - P) {
        const int64_t end = n / P * P;
        for (int64_t j = start; j < end; j += P)
            for (int64_t l = 0; l < P; ++l) acc[0][l] = load(first + j + l) + acc[0][l];
        start = end;
    }
    T s = T(0);
    for (int64_t j = start; j < n; ++j) s += loadScalar(first + j);
    T packetSum;
    if constexpr (P == 8) {
        T q[4];
        for (int l = 0; l < 4; ++l) q[l] = acc[0][l] + acc[0][l + 4];
        packetSum = (q[0] + q[2]) + (q[1] + q[3]);
    } else {
        packetSum = (acc[0][0] + acc[0][2]) + (acc[0][1] + acc[0][3]);
    }
    return s + packetSum;
}
template<class T, class Load, class LoadScalar>
inline T sumRange(int64_t first, int64_t n, const Load& load, const LoadScalar& loadScalar) {
    constexpr int64_t P = kPacket<T>;
    if (n <= 1024 * P) return sumLeaf<T>(first, n, load, loadScalar);
    const int64_t split = P * ((first + (n + 1) / 2 + P - 1) / P);
    const int64_t left = std::min(split - first, n);
    T acc = T(0) + sumRange<T>(first, left, load, loadScalar);
    if (left < n) acc = acc + sumRange<T>(split, n - left, load, loadScalar);
    return acc;
}

// oneDNN's exp (TF's float Softmax runs on oneDNN's AVX-512 softmax primitive): the same range
// reduction, but r comes from one fused multiply-add, a degree-5 polynomial is evaluated with
// fused multiply-adds, and the power of two is applied as 2 * 2^(n-1).
inline float onednnExp(float x0) {
    const bool tiny = x0 < floatOf(0xc2aeac50u); // log(FLT_MIN)
    float x = x0 < floatOf(0x42b17218u) ? x0 : floatOf(0x42b17218u);
    x = x > floatOf(0xc2aeac50u) ? x : floatOf(0xc2aeac50u);
    const float fx = floorLane(x * floatOf(0x3fb8aa3bu) + 0.5f);
    const float r = std::fma(-fx, floatOf(0x3f317218u), x);
    const int32_t biased = truncToInt(fx - 1.0f) + 127; // fx is an integer
    const float scale = tiny ? 0.0f : pow2f(biased);
    float p = floatOf(0x3c07cfceu);
    p = std::fma(p, r, floatOf(0x3d2b9d0du));
    p = std::fma(p, r, floatOf(0x3e2aad40u));
    p = std::fma(p, r, floatOf(0x3efffee3u));
    p = std::fma(p, r, floatOf(0x3f7ffffbu));
    p = std::fma(p, r, 1.0f);
    return p * scale * 2.0f;
}

// oneDNN's float softmax of one row with W lanes a vector (16 where the CPU has AVX-512, else 8:
// oneDNN picks its kernel by the CPU it runs on): four accumulators over groups of four vectors,
// the leftover vectors and the partial one into the first ones, then the accumulators and the lanes
// summed pairwise; each exp times the reciprocal of the sum.
template<int W> void onednnSoftmaxRow(const float* x, float* y, int64_t n) {
    float mx = x[0];
    for (int64_t i = 1; i < n; ++i) mx = pmax(x[i], mx);
    const int64_t full = n / W, loops = full / 4, loopTail = full - loops * 4;
    const int64_t unroll = loops ? 4 : loopTail ? loopTail : 1;
    float acc[4][W] = {};
    for (int64_t i = 0; i < n; ++i) y[i] = onednnExp(x[i] - mx);
    int64_t v = 0;
    for (int64_t l = 0; l < loops; ++l)
        for (int64_t k = 0; k < 4; ++k, ++v)
            for (int64_t j = 0; j < W; ++j) acc[k][j] = acc[k][j] + y[v * W + j];
    for (int64_t k = 0; k < loopTail; ++k, ++v)
        for (int64_t j = 0; j < W; ++j) acc[k][j] = acc[k][j] + y[v * W + j];
    for (int64_t j = 0; v * W + j < n; ++j) acc[0][j] = acc[0][j] + y[v * W + j];
    float sum[W];
    for (int64_t j = 0; j < W; ++j) {
        if (unroll == 4) sum[j] = (acc[0][j] + acc[1][j]) + (acc[2][j] + acc[3][j]);
        else if (unroll == 3) sum[j] = (acc[0][j] + acc[1][j]) + acc[2][j];
        else if (unroll == 2) sum[j] = acc[0][j] + acc[1][j];
        else sum[j] = acc[0][j];
    }
    for (int64_t step = W / 2; step >= 1; step /= 2) {
        float next[W];
        for (int64_t j = 0; j < W; ++j) next[j] = sum[j] + sum[j ^ step];
        std::copy(next, next + W, sum);
    }
    const float inv = 1.0f / sum[0];
    for (int64_t i = 0; i < n; ++i) y[i] = y[i] * inv;
}
// TF's float32 Softmax, which TF hands to oneDNN.
inline void onednnSoftmaxRows(const float* in, float* out, int64_t rows, int64_t n) {
    const FlushDenormals flush;
    const bool wide = cpuFeatures().avx512;
    for (int64_t r = 0; r < rows; ++r) {
        if (wide) onednnSoftmaxRow<16>(in + r * n, out + r * n, n);
        else onednnSoftmaxRow<8>(in + r * n, out + r * n, n);
    }
}

// Softmax and LogSoftmax as TF's Eigen expressions compute them, so that every bit agrees:
// softmax = exp(x - max) over the whole tensor, times the reciprocal of each row's sum; log-softmax =
// (x - max) - log(sum(exp(x - max))), the exp taken as the sum loads it, row by row. Packet or
// scalar functions apply by position as Eigen's evaluators apply them (tf_math.h).
template<class T> void softmaxRows(const T* in, T* out, int64_t rows, int64_t n, bool logSoftmax) {
    const FlushDenormals flush;
    std::vector<T> rowValue(static_cast<size_t>(rows));
    for (int64_t r = 0; r < rows; ++r) {
        const T* x = in + r * n;
        T mx = x[0];
        for (int64_t i = 1; i < n; ++i) mx = pmax(x[i], mx);
        rowValue[static_cast<size_t>(r)] = mx;
    }
    const int64_t rowBody = rows - rows % kPacket<T>;
    if (logSoftmax) {
        for (int64_t r = 0; r < rows; ++r) {
            const T* x = in + r * n;
            T* y = out + r * n;
            const T mx = rowValue[static_cast<size_t>(r)];
            for (int64_t i = 0; i < n; ++i) y[i] = x[i] - mx;
            const T sum = sumRange<T>(
                r * n, n, [out](int64_t j) { return expLane(out[j]); }, [out](int64_t j) { return std::exp(out[j]); });
            const T ls = r < rowBody ? logLane(sum) : logScalar(sum);
            for (int64_t i = 0; i < n; ++i) y[i] = y[i] - ls;
        }
        return;
    }
    const int64_t total = rows * n, body = total - total % kPacket<T>;
    for (int64_t i = 0; i < total; ++i) {
        const T shifted = in[i] - rowValue[static_cast<size_t>(i / n)];
        out[i] = i < body ? expLane(shifted) : std::exp(shifted);
    }
    for (int64_t r = 0; r < rows; ++r) {
        T* y = out + r * n;
        const T sum = sumRange<T>(
            r * n, n, [out](int64_t j) { return out[j]; }, [out](int64_t j) { return out[j]; });
        const T inv = r < rowBody ? reciprocalLane(sum) : T(1) / sum;
        for (int64_t i = 0; i < n; ++i) y[i] = y[i] * inv;
    }
}

} // namespace graphlens::ops::tfmath
