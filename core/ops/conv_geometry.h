#pragma once
// Window geometry shared by convolutions and pooling (NHWC), with TF's padding rules.
#include "core/ops/kernel_util.h"

namespace graphlens::ops {

struct Window1D {
    int64_t in = 0, k = 1, stride = 1, dilation = 1, out = 0, padBefore = 0;
};

// padding: "VALID", "SAME" or "EXPLICIT" (explicit before/after given).
inline Window1D window1D(int64_t in, int64_t k, int64_t stride, int64_t dilation, const std::string& padding,
                         int64_t explicitBefore = 0, int64_t explicitAfter = 0) {
    Window1D w{in, k, stride, dilation, 0, 0};
    const int64_t effK = (k - 1) * dilation + 1;
    if (stride <= 0) invalidArgument("Sliding window strides field must specify 4 dimensions");
    if (padding == "VALID") {
        w.out = std::max<int64_t>((in - effK + stride) / stride, 0);
    } else if (padding == "SAME") {
        w.out = (in + stride - 1) / stride;
        const int64_t total = std::max<int64_t>((w.out - 1) * stride + effK - in, 0);
        w.padBefore = total / 2;
    } else if (padding == "EXPLICIT") {
        w.out = std::max<int64_t>((in + explicitBefore + explicitAfter - effK) / stride + 1, 0);
        w.padBefore = explicitBefore;
    } else {
        invalidArgument("Unknown padding type: ", padding);
    }
    return w;
}

// NHWC attrs of a 4-D window op ("strides", "ksize" or filter, "dilations", padding).
struct Window2D {
    int64_t batch = 0, channels = 0;
    Window1D h, w;
};

} // namespace graphlens::ops
