// numpy's float summation order (np.sum / np.mean of float32 and float64 arrays), which is not
// TF's: numpy's printed sums differ from tf.reduce_sum's in the last bits.
#pragma once

#include <vector>

#include "core/tensor/tensor.h"

namespace graphlens::ops {

// x summed over `axes` (each in [0, rank), no duplicates) in numpy 2's order, keeping reduced
// dims as 1 when keepDims. x must be Float32 or Float64.
tensor::Tensor numpySum(const tensor::Tensor& x, const std::vector<int64_t>& axes, bool keepDims);

} // namespace graphlens::ops
