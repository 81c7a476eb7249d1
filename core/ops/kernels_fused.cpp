// Grappler's fused ops as the remapper writes them: _FusedMatMul, _FusedConv2D and
// _FusedBatchNormEx. The contraction (or the batch norm) runs with the plain op's kernel, and the
// rest of the pattern (bias or batch-norm scaling, a residual Add, the activation) is applied in
// one pass over its freshly allocated output, so no intermediate tensor is ever materialised;
// _FusedConv2D in float32 applies it to each block of the convolution's output while in cache.
#include <cmath>
#include <optional>

#include "core/ops/conv2d_forward.h"
#include "core/ops/kernel_util.h"
#include "core/ops/tf_math.h"

namespace graphlens::ops {

namespace {

constexpr DTypeMask kFusedTypes = maskOf(DType::Float32, DType::Float64);

enum class Activation { None, Relu, Relu6, Elu, LeakyRelu, Tanh, Sigmoid };

// The activations grappler fuses on CPU; an unknown name is an error as in TF's kernels.
Activation activationNamed(const std::string& name, const std::string& op) {
    if (name == "Relu") return Activation::Relu;
    if (name == "Relu6") return Activation::Relu6;
    if (name == "Elu") return Activation::Elu;
    if (name == "LeakyRelu") return Activation::LeakyRelu;
    if (name == "Tanh") return Activation::Tanh;
    if (name == "Sigmoid") return Activation::Sigmoid;
    throw tensor::UnimplementedError(op + ": unsupported fusion activation '" + name + "'");
}

// The standalone activation kernels' formulas (kernels_unary.cpp) in their packet form, which TF's
// vectorised epilogue gives all but a block's last few elements (which it does not say).
template<class T> inline T activate(T v, Activation a, float alpha) {
    switch (a) {
    case Activation::None:
        return v;
    case Activation::Relu:
        return v < T(0) ? T(0) : v;
    case Activation::Relu6:
        return v < T(0) ? T(0) : (v > T(6) ? T(6) : v);
    case Activation::Elu:
        return v < T(0) ? tfmath::expLane(v) - T(1) : v;
    case Activation::LeakyRelu:
        return v > T(0) ? v : static_cast<T>(alpha) * v;
    case Activation::Tanh:
        return tfmath::tanhLane(v);
    case Activation::Sigmoid:
        return tfmath::sigmoidLane(v);
    }
    return v;
}

// What follows the contraction: per-channel scale and shift (BiasAdd: 1 and bias; inference
// batch norm: scale/sqrt(var+eps) and its offset), an optional residual of the output's shape,
// and an activation.
struct Epilogue {
    bool batchNorm = false;
    const Tensor* bias = nullptr;  // BiasAdd
    const Tensor* scale = nullptr; // FusedBatchNorm: scale, offset, mean, variance
    const Tensor* offset = nullptr;
    const Tensor* mean = nullptr;
    const Tensor* variance = nullptr;
    const Tensor* residual = nullptr; // Add
    Activation activation = Activation::None;
    float epsilon = 0;
    float alpha = 0.2f;
};

// Parses fused_ops against the args: ["BiasAdd" | "FusedBatchNorm", ("Add")?, (activation)?].
Epilogue parseEpilogue(const KernelContext& c, int firstArg, const std::string& op) {
    const auto& fused = c.attrs().get<std::vector<std::string>>("fused_ops");
    const int numArgs = c.numInputs() - firstArg;
    Epilogue e;
    e.epsilon = c.attrs().getFloat("epsilon");
    e.alpha = c.attrs().getFloat("leakyrelu_alpha");
    size_t i = 0;
    int arg = firstArg;
    auto need = [&](int n, const std::string& what) {
        if (arg + n > firstArg + numArgs)
            invalidArgument(op, ": fused ", what, " needs ", n, " more argument(s), num_args=", numArgs);
    };
    if (fused.empty()) invalidArgument(op, ": fused_ops must not be empty");
    if (fused[i] == "BiasAdd") {
        need(1, "BiasAdd");
        e.bias = &c.input(arg++);
        ++i;
    } else if (fused[i] == "FusedBatchNorm" && op == "_FusedConv2D") {
        need(4, "FusedBatchNorm");
        e.batchNorm = true;
        e.scale = &c.input(arg++);
        e.offset = &c.input(arg++);
        e.mean = &c.input(arg++);
        e.variance = &c.input(arg++);
        ++i;
    } else {
        throw tensor::UnimplementedError(op + ": unsupported fusion '" + fused[i] + "'");
    }
    if (i < fused.size() && fused[i] == "Add") {
        need(1, "Add");
        e.residual = &c.input(arg++);
        ++i;
    }
    if (i < fused.size()) e.activation = activationNamed(fused[i++], op);
    if (i < fused.size())
        throw tensor::UnimplementedError(op + ": unsupported fusion '" + fused[i] + "' after the activation");
    if (arg != firstArg + numArgs)
        invalidArgument(op, ": fused_ops use ", arg - firstArg, " arguments, num_args=", numArgs);
    return e;
}

// An Epilogue checked against the output and reduced to per-channel mult and shift, applied to any
// run of output rows (of `channels` values each); apply() may run on several threads at once.
template<class T> class EpilogueRows {
public:
    EpilogueRows(const Epilogue& e, DType dtype, const TensorShape& shape, const std::string& op)
        : m_channels(shape.rank() > 0 ? shape.dim(shape.rank() - 1) : 1)
        , m_activation(e.activation)
        , m_alpha(e.alpha)
        , m_batchNorm(e.batchNorm) {
        const int64_t channels = m_channels;
        auto checkVector = [&](const Tensor* t, const char* what) {
            if (t->dtype() != dtype) invalidArgument(op, ": ", what, " must be ", tensor::dtypeCppName(dtype));
            if (t->rank() != 1 || t->dim(0) != channels)
                invalidArgument(op, ": ", what, " must be 1-D with the output's channels (", channels, "), got ",
                                t->shape().str());
        };
        m_mult.assign(static_cast<size_t>(channels), T(1));
        m_shift.assign(static_cast<size_t>(channels), T(0));
        if (e.bias) {
            checkVector(e.bias, "bias");
            for (int64_t ch = 0; ch < channels; ++ch) m_shift[static_cast<size_t>(ch)] = e.bias->data<T>()[ch];
        } else {
            for (const Tensor* t : { e.scale, e.offset, e.mean, e.variance }) checkVector(t, "batch norm argument");
            for (int64_t ch = 0; ch < channels; ++ch) {
                const double m = static_cast<double>(e.scale->data<T>()[ch]) /
                    std::sqrt(static_cast<double>(e.variance->data<T>()[ch]) + static_cast<double>(e.epsilon));
                m_mult[static_cast<size_t>(ch)] = static_cast<T>(m);
                m_shift[static_cast<size_t>(ch)] = static_cast<T>(static_cast<double>(e.offset->data<T>()[ch]) -
                                                                  static_cast<double>(e.mean->data<T>()[ch]) * m);
            }
        }
        if (e.residual) {
            if (e.residual->shape() != shape || e.residual->dtype() != dtype)
                invalidArgument(op, ": the fused Add's input must have the output's shape ", shape.str(), ", got ",
                                e.residual->shape().str());
            m_residual = e.residual->data<T>();
        }
    }

    // Rows [first, first + count) of the output, `p` pointing at row `first`.
    void apply(T* p, int64_t first, int64_t count) const {
        const int64_t channels = m_channels;
        const T* m = m_mult.data();
        const T* s = m_shift.data();
        const T* residual = m_residual ? m_residual + first * channels : nullptr;
        const bool batchNorm = m_batchNorm;
        // The activation is a compile-time choice per loop, so the inner loop has no branch on it.
        auto pass = [&](auto act) {
            for (int64_t r = 0; r < count; ++r) {
                T* row = p + r * channels;
                const T* res = residual ? residual + r * channels : nullptr;
                if (batchNorm || res) {
                    for (int64_t ch = 0; ch < channels; ++ch) {
                        T v = batchNorm ? row[ch] * m[ch] + s[ch] : row[ch] + s[ch];
                        if (res) v += res[ch];
                        row[ch] = act(v);
                    }
                } else {
                    // Chunks of a fixed width through a local copy let the compiler vectorise the
                    // activation without branches: a Relu's sign branch mispredicts on real data
                    // and once cost more than the convolution itself.
                    constexpr int64_t kChunk = 16;
                    int64_t ch = 0;
                    for (; ch + kChunk <= channels; ch += kChunk) {
                        T v[kChunk];
                        for (int64_t j = 0; j < kChunk; ++j) v[j] = row[ch + j] + s[ch + j];
                        for (int64_t j = 0; j < kChunk; ++j) v[j] = act(v[j]);
                        for (int64_t j = 0; j < kChunk; ++j) row[ch + j] = v[j];
                    }
                    for (; ch < channels; ++ch) row[ch] = act(row[ch] + s[ch]);
                }
            }
        };
        const float alpha = m_alpha;
        switch (m_activation) {
        case Activation::None:
            return pass([](T v) { return v; });
        case Activation::Relu:
            return pass([](T v) { return activate(v, Activation::Relu, 0); });
        case Activation::Relu6:
            return pass([](T v) { return activate(v, Activation::Relu6, 0); });
        case Activation::Elu:
            return pass([](T v) { return activate(v, Activation::Elu, 0); });
        case Activation::LeakyRelu:
            return pass([alpha](T v) { return activate(v, Activation::LeakyRelu, alpha); });
        case Activation::Tanh:
            return pass([](T v) { return activate(v, Activation::Tanh, 0); });
        case Activation::Sigmoid:
            return pass([](T v) { return activate(v, Activation::Sigmoid, 0); });
        }
    }

    int64_t channels() const { return m_channels; }

    // The same epilogue for the convolution to apply in registers, when it is that simple.
    std::optional<ConvChannelEpilogue> channelEpilogue() const {
        if (m_residual) return std::nullopt;
        ConvChannelEpilogue e;
        e.scale = m_batchNorm ? m_mult.data() : nullptr;
        e.shift = m_shift.data();
        switch (m_activation) {
        case Activation::None:
            e.activation = ConvChannelEpilogue::Activation::None;
            return e;
        case Activation::Relu:
            e.activation = ConvChannelEpilogue::Activation::Relu;
            return e;
        case Activation::Relu6:
            e.activation = ConvChannelEpilogue::Activation::Relu6;
            return e;
        case Activation::Elu:
        case Activation::LeakyRelu:
        case Activation::Tanh:
        case Activation::Sigmoid:
            return std::nullopt;
        }
        return std::nullopt;
    }

private:
    int64_t m_channels;
    Activation m_activation;
    float m_alpha;
    bool m_batchNorm;
    std::vector<T> m_mult, m_shift;
    const T* m_residual = nullptr;
};

template<class T> void applyEpilogue(Tensor& out, const Epilogue& e, const std::string& op) {
    const EpilogueRows<T> rows(e, out.dtype(), out.shape(), op);
    if (rows.channels() > 0) rows.apply(out.data<T>(), 0, out.numElements() / rows.channels());
}

// Runs `base`'s own kernel on `inputs` with the attrs `names` taken from the fused op's attrs.
std::vector<Tensor> runBaseKernel(KernelContext& c, const char* base, std::span<const Tensor> inputs,
                                  std::initializer_list<const char*> names) {
    static thread_local std::vector<std::pair<std::string, OpHandle>> cache;
    OpHandle op = nullptr;
    for (const auto& [n, h] : cache)
        if (n == base) op = h;
    if (!op) {
        op = lookupOp(base);
        cache.emplace_back(base, op);
    }
    AttrMap attrs;
    for (const char* n : names)
        if (const AttrValue* v = c.attrs().find(n)) attrs.set(n, *v);
    ResolvedAttrs resolved(*op, attrs);
    const int device = c.device()->typeIndex();
    for (const KernelEntry& k : op->kernels) {
        if (k.deviceType != device) continue;
        KernelContext inner(*op, inputs, resolved, c.device());
        k.fn(inner);
        return std::move(inner.outputs());
    }
    throw tensor::NotFoundError(std::string("no kernel for ") + base);
}

void fusedMatMulKernel(KernelContext& c) {
    const Epilogue e = parseEpilogue(c, 2, "_FusedMatMul");
    std::vector<Tensor> out = runBaseKernel(c, "MatMul", c.inputs().subspan(0, 2), { "transpose_a", "transpose_b" });
    tensor::visitFloat(out[0].dtype(), [&](auto tag) { applyEpilogue<decltype(tag)>(out[0], e, "_FusedMatMul"); });
    c.setOutput(0, std::move(out[0]));
}

void fusedConv2DKernel(KernelContext& c) {
    const auto numArgs = c.attrs().getInt("num_args");
    const int64_t hostArgs = c.attrs().getInt("num_host_args");
    if (hostArgs != 0) throw tensor::UnimplementedError("_FusedConv2D: host_args are not supported on CPU");
    if (2 + numArgs != c.numInputs())
        invalidArgument("_FusedConv2D: expected ", 2 + numArgs, " inputs, got ", c.numInputs());
    const Epilogue e = parseEpilogue(c, 2, "_FusedConv2D");
    const Tensor& input = c.input(0);
    if (input.dtype() == DType::Float32 && c.input(1).dtype() == DType::Float32) {
        // The epilogue runs on each block of the convolution's output while it is in cache.
        const Conv2DParams p = conv2DParams(c.attrs(), input.shape(), c.input(1).shape());
        Tensor& out = c.allocateOutput(0, DType::Float32, TensorShape{ p.batch, p.outH, p.outW, p.outChannels });
        const EpilogueRows<float> rows(e, out.dtype(), out.shape(), "_FusedConv2D");
        const ConvEpilogue epilogue = [&rows](float* block, int64_t first, int64_t count) {
            rows.apply(block, first, count);
        };
        const std::optional<ConvChannelEpilogue> simple = rows.channelEpilogue();
        conv2DForward(p, input.data<float>(), c.input(1).data<float>(), out.data<float>(),
                      { .epilogue = &epilogue, .channelEpilogue = simple ? &*simple : nullptr });
        return;
    }
    std::vector<Tensor> out = runBaseKernel(c, "Conv2D", c.inputs().subspan(0, 2),
                                            { "strides", "padding", "explicit_paddings", "data_format", "dilations" });
    tensor::visitFloat(out[0].dtype(), [&](auto tag) { applyEpilogue<decltype(tag)>(out[0], e, "_FusedConv2D"); });
    c.setOutput(0, std::move(out[0]));
}

// _FusedBatchNormEx(x, scale, offset, mean, variance, side_input*): FusedBatchNormV3, then
// y += side_input and the activation, in place on y.
void fusedBatchNormExKernel(KernelContext& c) {
    const std::string& mode = c.attrs().getString("activation_mode");
    const Activation act = mode == "Identity" ? Activation::None : activationNamed(mode, "_FusedBatchNormEx");
    std::vector<Tensor> out = runBaseKernel(c, "FusedBatchNormV3", c.inputs().subspan(0, 5),
                                            { "epsilon", "exponential_avg_factor", "data_format", "is_training" });
    Tensor& y = out[0];
    const Tensor* side = c.numInputs() > 5 ? &c.input(5) : nullptr;
    if (side && (side->shape() != y.shape() || side->dtype() != y.dtype()))
        invalidArgument("_FusedBatchNormEx: side_input must have x's shape ", y.shape().str(), ", got ",
                        side->shape().str());
    tensor::visitFloat(y.dtype(), [&](auto tag) {
        using T = decltype(tag);
        T* p = y.data<T>();
        const T* s = side ? side->data<T>() : nullptr;
        const int64_t n = y.numElements();
        for (int64_t i = 0; i < n; ++i) p[i] = activate<T>(s ? p[i] + s[i] : p[i], act, 0.2f);
    });
    for (size_t i = 0; i < out.size(); ++i) c.setOutput(static_cast<int>(i), std::move(out[i]));
}

// Output 0 keeps the contraction's shape rule; the args do not change it.
void fusedMatMulShape(ShapeContext& c) {
    const PartialShape& a = c.inputShape(0);
    const PartialShape& b = c.inputShape(1);
    const bool ta = c.attrs().getBool("transpose_a"), tb = c.attrs().getBool("transpose_b");
    const int64_t m = a.hasRank() && a.rank() == 2 ? a.dim(ta ? 1 : 0) : -1;
    const int64_t n = b.hasRank() && b.rank() == 2 ? b.dim(tb ? 0 : 1) : -1;
    c.setOutput(0, PartialShape{ m, n });
}

// Conv2D's own shape function on the first two inputs.
void fusedConv2DShape(ShapeContext& c) {
    const OpHandle conv = lookupOp("Conv2D");
    AttrMap attrs;
    for (const char* n : { "strides", "padding", "explicit_paddings", "data_format", "dilations" })
        if (const AttrValue* v = c.attrs().find(n)) attrs.set(n, *v);
    ResolvedAttrs resolved(*conv, attrs);
    const PartialShape shapes[2] = { c.inputShape(0), c.inputShape(1) };
    const DType types[2] = { c.inputType(0), c.inputType(1) };
    const Tensor* values[2] = { c.inputValue(0), c.inputValue(1) };
    ShapeContext inner(*conv, shapes, types, values, resolved);
    conv->shapeFn(inner);
    c.setOutput(0, inner.outputs.at(0));
}

void fusedBatchNormExShape(ShapeContext& c) {
    c.setOutput(0, c.inputShape(0));
    const int64_t ch = c.inputShape(1).hasRank() && c.inputShape(1).rank() == 1 ? c.inputShape(1).dim(0) : -1;
    for (int i = 1; i <= 4; ++i) c.setOutput(i, PartialShape{ ch });
    c.setOutput(5, PartialShape::unknown());
}

} // namespace

void registerFusedKernels() {
    defineOp("_FusedMatMul").kernel(fusedMatMulKernel, kFusedTypes).shape(fusedMatMulShape);
    defineOp("_FusedConv2D").kernel(fusedConv2DKernel, kFusedTypes).shape(fusedConv2DShape);
    defineOp("_FusedBatchNormEx").kernel(fusedBatchNormExKernel, maskOf(DType::Float32)).shape(fusedBatchNormExShape);
}

} // namespace graphlens::ops
