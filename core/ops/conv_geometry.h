#pragma once
// Window geometry shared by convolutions and pooling (NHWC), with TF's padding rules.
#include "core/ops/kernel_util.h"

namespace graphlens::ops {

struct Window1D {
    int64_t in = 0, k = 1, stride = 1, dilation = 1, out = 0, padBefore = 0, padAfter = 0;
};

// padding: "VALID", "SAME" or "EXPLICIT" (explicit before/after given).
inline Window1D window1D(int64_t in, int64_t k, int64_t stride, int64_t dilation, const std::string& padding,
                         int64_t explicitBefore = 0, int64_t explicitAfter = 0) {
    Window1D w{in, k, stride, dilation, 0, 0, 0};
    const int64_t effK = (k - 1) * dilation + 1;
    if (stride <= 0) invalidArgument("Stride must be > 0, but got ", stride);
    if (dilation < 1) invalidArgument("Dilation rate must be >= 1, but got ", dilation);
    if (padding == "VALID") {
        w.out = (in - effK + stride) / stride;
    } else if (padding == "SAME") {
        w.out = (in + stride - 1) / stride;
        const int64_t total = std::max<int64_t>((w.out - 1) * stride + effK - in, 0);
        w.padBefore = total / 2;
        w.padAfter = total - w.padBefore;
    } else if (padding == "EXPLICIT") {
        w.out = (in + explicitBefore + explicitAfter - effK + stride) / stride;
        w.padBefore = explicitBefore;
        w.padAfter = explicitAfter;
    } else {
        invalidArgument("Unknown padding type: ", padding);
    }
    // TF's GetWindowedOutputSize: a window larger than the (padded) input is an error, not an
    // empty output (an output of 0 is fine).
    if (w.out < 0)
        invalidArgument("Computed output size would be negative: ", w.out, " [input_size: ", in,
                        ", effective_filter_size: ", effK, ", stride: ", stride, "]");
    return w;
}

// TF's shape inference, stricter than its kernels, rejects a VALID or EXPLICIT window larger than
// the padded input (the kernels give an empty output when the stride covers it): shape functions
// call this so that a traced function fails when traced, as TF's does.
inline void checkWindowForShapeInference(const Window1D& w, const std::string& padding) {
    if (padding == "SAME") return;
    const int64_t effK = (w.k - 1) * w.dilation + 1, padded = w.in + w.padBefore + w.padAfter;
    if (padded < effK) invalidArgument("Negative dimension size caused by subtracting ", effK, " from ", padded);
}

// NHWC attrs of a 4-D window op ("strides", "ksize" or filter, "dilations", padding).
struct Window2D {
    int64_t batch = 0, channels = 0;
    Window1D h, w;
};

} // namespace graphlens::ops
