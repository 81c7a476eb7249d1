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
    Window1D w{ in, k, stride, dilation, 0, 0, 0 };
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

// TF's first checks of an NHWC convolution's input and filter ranks and of its strides.
inline void checkConvolutionRanksAndStrides(const ResolvedAttrs& a, const TensorShape& input,
                                            const TensorShape& filter) {
    if (input.rank() != 4) invalidArgument("input must be 4-dimensional", input.str());
    if (filter.rank() != 4) invalidArgument("filter must be 4-dimensional: ", filter.str());
    const auto& strides = a.getInts("strides");
    if (strides.size() != 4) invalidArgument("Sliding window strides field must specify 4 dimensions");
    if (strides[0] != 1 || strides[3] != 1)
        invalidArgument("Current implementation does not yet support strides in the batch and depth dimensions.");
}

// The windows of an NHWC convolution with a kh x kw filter, from its attrs: padding (with TF's
// checks of explicit_paddings), the strides (already checked by the caller) and the dilations.
inline Window2D convolutionWindows(const ResolvedAttrs& a, const TensorShape& input, int64_t kh, int64_t kw) {
    const auto& strides = a.getInts("strides");
    const auto& dil = a.getInts("dilations");
    const std::string& padding = a.getString("padding");
    std::vector<int64_t> ex(8, 0);
    if (padding == "EXPLICIT") ex = a.getInts("explicit_paddings");
    if (ex.size() != 8) invalidArgument("explicit_paddings attribute must contain 8 values, but got: ", ex.size());
    for (int64_t v : ex)
        if (v < 0) invalidArgument("All elements of explicit_paddings must be nonnegative");
    Window2D win;
    win.batch = input.dim(0);
    win.channels = input.dim(3);
    win.h = window1D(input.dim(1), kh, strides[1], dil.size() == 4 ? dil[1] : 1, padding, ex[2], ex[3]);
    win.w = window1D(input.dim(2), kw, strides[2], dil.size() == 4 ? dil[2] : 1, padding, ex[4], ex[5]);
    return win;
}

} // namespace graphlens::ops
