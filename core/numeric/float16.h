#pragma once
// IEEE binary16 ("half", numpy float16) and bfloat16 (TF / ml_dtypes) as bit patterns, with the
// round-to-nearest-even conversions both libraries use, so random fills and printing can work on
// the exact bits TensorFlow produces.
#include <cstdint>

namespace graphlens::numeric {

struct Half {
    uint16_t bits = 0;
};

struct BFloat16 {
    uint16_t bits = 0;
};

float halfToFloat(Half h);
Half floatToHalf(float f); // round to nearest even, NaN stays NaN
double halfToDouble(Half h);
Half doubleToHalf(double d); // one rounding from double, as numpy's astype(float16)

float bfloat16ToFloat(BFloat16 b);
BFloat16 floatToBFloat16(float f); // round to nearest even (Eigen/ml_dtypes), NaN -> quiet NaN

} // namespace graphlens::numeric
