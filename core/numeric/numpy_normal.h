// numpy 2's Generator.standard_normal (float64): its ziggurat over the bit generator's 64-bit
// draws, with numpy's own tables (numpy_ziggurat.inc, read from numpy), so draws match numpy's.
#pragma once

#include "core/numeric/pcg64.h"

namespace graphlens::numeric {

double numpyStandardNormal(Pcg64& bits);

} // namespace graphlens::numeric
