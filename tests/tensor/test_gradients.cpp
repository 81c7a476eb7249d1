// Every registered gradient against central finite differences (float64; float32 where the op
// has no float64 kernel). loss = sum_k sum(output_k * w_k) with fixed pseudo-random w_k.
#include "core/ops/gradient.h"
#include "core/ops/onednn.h"
#include "tests/tensor/test_util.h"

using namespace graphlens::ops;
using namespace graphlens::ops::test;

namespace {

Tensor pseudoRandom(DType dt, const TensorShape& shape, double scale, double offset, int seed) {
    Tensor t(dt, shape);
    for (int64_t i = 0; i < t.numElements(); ++i) {
        const double v = std::sin(static_cast<double>(i) * 1.37 + seed * 0.71) * scale + offset;
        if (dt == DType::Float64) t.data<double>()[i] = v;
        else t.data<float>()[i] = static_cast<float>(v);
    }
    return t;
}
Tensor rnd(TensorShape shape, int seed = 1, double scale = 1.0, double offset = 0.0) {
    return pseudoRandom(DType::Float64, shape, scale, offset, seed);
}
Tensor rnd32(TensorShape shape, int seed = 1) {
    return pseudoRandom(DType::Float32, shape, 1.0, 0.0, seed);
}

double elementAt(const Tensor& t, int64_t i) {
    return t.dtype() == DType::Float64 ? t.data<double>()[i] : static_cast<double>(t.data<float>()[i]);
}
void addAt(Tensor& t, int64_t i, double d) {
    if (t.dtype() == DType::Float64) t.data<double>()[i] += d;
    else t.data<float>()[i] = static_cast<float>(t.data<float>()[i] + d);
}
bool isFloatOut(const Tensor& t) {
    return t.dtype() == DType::Float64 || t.dtype() == DType::Float32;
}

double loss(const std::string& op, const std::vector<Tensor>& inputs, const AttrMap& attrs,
            const std::vector<Tensor>& weights, const std::vector<int>& skipOutputs) {
    auto outs = execute(op, inputs, attrs);
    double l = 0;
    for (size_t k = 0; k < outs.size(); ++k) {
        if (!weights[k].isValid() ||
            std::find(skipOutputs.begin(), skipOutputs.end(), static_cast<int>(k)) != skipOutputs.end())
            continue;
        for (int64_t i = 0; i < outs[k].numElements(); ++i) l += elementAt(outs[k], i) * elementAt(weights[k], i);
    }
    return l;
}

void checkGradient(const std::string& op, std::vector<Tensor> inputs, const AttrMap& attrs,
                   const std::vector<int>& diffInputs, std::vector<int> skipOutputs = {}) {
    INFO("op " << op);
    const bool f32 = inputs[static_cast<size_t>(diffInputs[0])].dtype() == DType::Float32;
    const double h = f32 ? 1e-2 : 1e-6, tol = f32 ? 3e-2 : 1e-5;
    auto outs = execute(op, inputs, attrs);
    std::vector<Tensor> weights;
    for (size_t k = 0; k < outs.size(); ++k) {
        const bool skip = std::find(skipOutputs.begin(), skipOutputs.end(), static_cast<int>(k)) != skipOutputs.end();
        weights.push_back(isFloatOut(outs[k]) && !skip
                              ? pseudoRandom(outs[k].dtype(), outs[k].shape(), 1.0, 0.1, 7 + static_cast<int>(k))
                              : Tensor());
    }
    EagerGradBuilder b;
    std::vector<Sym> in, out, grads;
    for (const auto& t : inputs) in.push_back(b.add(t));
    for (const auto& t : outs) out.push_back(b.add(t));
    for (const auto& w : weights) grads.push_back(w.isValid() ? b.add(w) : Sym{});
    const auto g = gradientOf(b, lookupOp(op), in, out, grads, attrs);
    for (int i : diffInputs) {
        INFO("input " << i);
        REQUIRE(g[static_cast<size_t>(i)].valid());
        const Tensor& analytic = b.get(g[static_cast<size_t>(i)]);
        REQUIRE(analytic.shape() == inputs[static_cast<size_t>(i)].shape());
        for (int64_t j = 0; j < inputs[static_cast<size_t>(i)].numElements(); ++j) {
            std::vector<Tensor> plus = inputs, minus = inputs;
            plus[static_cast<size_t>(i)] = inputs[static_cast<size_t>(i)].deepCopy();
            minus[static_cast<size_t>(i)] = inputs[static_cast<size_t>(i)].deepCopy();
            addAt(plus[static_cast<size_t>(i)], j, h);
            addAt(minus[static_cast<size_t>(i)], j, -h);
            const double numeric =
                (loss(op, plus, attrs, weights, skipOutputs) - loss(op, minus, attrs, weights, skipOutputs)) / (2 * h);
            const double a = elementAt(analytic, j);
            INFO("element " << j << ": analytic " << a << " numeric " << numeric);
            REQUIRE(std::abs(a - numeric) <= tol * (1 + std::abs(numeric)));
        }
    }
}

Tensor i32s(int32_t v) {
    return Tensor::scalar<int32_t>(v);
}
const std::vector<int64_t> kOnes{ 1, 1, 1, 1 };

} // namespace

TEST_CASE("gradients of binary math ops, with broadcasting") {
    checkGradient("AddV2", { rnd({ 2, 3 }), rnd({ 3 }, 2) }, {}, { 0, 1 });
    checkGradient("Sub", { rnd({ 2, 1 }), rnd({ 1, 3 }, 2) }, {}, { 0, 1 });
    checkGradient("Mul", { rnd({ 2, 3 }), rnd({ 2, 1 }, 2) }, {}, { 0, 1 });
    checkGradient("RealDiv", { rnd({ 3 }), rnd({ 2, 3 }, 2, 0.5, 2.0) }, {}, { 0, 1 });
    checkGradient("Div", { rnd({ 3 }), rnd({ 3 }, 2, 0.5, 2.0) }, {}, { 0, 1 });
    checkGradient("FloorMod", { rnd({ 3 }, 1, 0.3, 2.5), rnd({ 3 }, 2, 0.2, 1.1) }, {}, { 0, 1 });
    checkGradient("Pow", { rnd({ 3 }, 1, 0.5, 2.0), rnd({ 3 }, 2) }, {}, { 0, 1 });
    checkGradient("Maximum", { rnd({ 4 }), rnd({ 4 }, 3) }, {}, { 0, 1 });
    checkGradient("Minimum", { rnd({ 2, 2 }), rnd({ 2 }, 3) }, {}, { 0, 1 });
    checkGradient("SquaredDifference", { rnd({ 2, 3 }), rnd({ 3 }, 2) }, {}, { 0, 1 });
    checkGradient("AddN", { rnd({ 3 }), rnd({ 3 }, 2), rnd({ 3 }, 3) }, {}, { 0, 1, 2 });
}

TEST_CASE("gradients of unary math ops and activations") {
    for (const char* op :
         { "Neg", "Square", "Exp", "Expm1", "Tanh", "Sigmoid", "Sin", "Cos", "Elu", "Selu", "Softplus" })
        checkGradient(op, { rnd({ 5 }) }, {}, { 0 });
    for (const char* op : { "Sqrt", "Rsqrt", "Log", "Log1p", "Reciprocal", "Abs" })
        checkGradient(op, { rnd({ 5 }, 1, 0.5, 1.5) }, {}, { 0 });
    checkGradient("Relu", { rnd({ 6 }, 4) }, {}, { 0 });
    checkGradient("Relu6", { rnd({ 6 }, 4, 4.0, 3.0) }, {}, { 0 });
    checkGradient("LeakyRelu", { rnd({ 6 }, 4) }, { { "alpha", 0.3f } }, { 0 });
    checkGradient("ClipByValue", { rnd({ 6 }, 4), Tensor::scalar<double>(-0.5), Tensor::scalar<double>(0.5) }, {},
                  { 0 });
    checkGradient("L2Loss", { rnd({ 2, 3 }) }, {}, { 0 });
}

TEST_CASE("gradients of matrix products") {
    for (bool ta : { false, true })
        for (bool tb : { false, true })
            checkGradient("MatMul",
                          { rnd(ta ? TensorShape{ 3, 2 } : TensorShape{ 2, 3 }),
                            rnd(tb ? TensorShape{ 4, 3 } : TensorShape{ 3, 4 }, 2) },
                          { { "transpose_a", ta }, { "transpose_b", tb } }, { 0, 1 });
    checkGradient("BatchMatMulV2", { rnd({ 2, 1, 2, 3 }), rnd({ 3, 3, 2 }, 2) }, {}, { 0, 1 });
    checkGradient("BatchMatMulV2", { rnd({ 2, 3, 2 }), rnd({ 2, 4, 3 }, 2) }, { { "adj_x", true }, { "adj_y", true } },
                  { 0, 1 });
}

TEST_CASE("gradients of reductions") {
    checkGradient("Sum", { rnd({ 2, 3, 2 }), i32v({ 0, -1 }) }, {}, { 0 });
    checkGradient("Sum", { rnd({ 2, 3 }), i32s(1) }, { { "keep_dims", true } }, { 0 });
    checkGradient("Mean", { rnd({ 2, 3 }), i32v({ 1 }) }, {}, { 0 });
    checkGradient("Max", { rnd({ 3, 4 }), i32s(1) }, {}, { 0 });
    checkGradient("Min", { rnd({ 3, 4 }), i32v({ 0, 1 }) }, {}, { 0 });
    checkGradient("Cumsum", { rnd({ 2, 3 }), i32s(1) }, { { "exclusive", true } }, { 0 });
}

TEST_CASE("gradients of nn ops") {
    checkGradient("BiasAdd", { rnd({ 2, 3 }), rnd({ 3 }, 2) }, {}, { 0, 1 });
    checkGradient("BiasAdd", { rnd({ 2, 3, 2, 2 }), rnd({ 3 }, 2) }, { { "data_format", std::string("NCHW") } },
                  { 0, 1 });
    checkGradient("Softmax", { rnd({ 2, 4 }) }, {}, { 0 });
    checkGradient("LogSoftmax", { rnd({ 2, 4 }) }, {}, { 0 });
    checkGradient("SparseSoftmaxCrossEntropyWithLogits", { rnd({ 3, 4 }), i32v({ 0, 3, 1 }) }, {}, { 0 }, { 1 });
    checkGradient("SoftmaxCrossEntropyWithLogits", { rnd({ 2, 3 }), f64({ 0.2, 0.3, 0.5, 1, 0, 0 }, { 2, 3 }) }, {},
                  { 0, 1 }, { 1 });
    const AttrMap conv{ { "strides", std::vector<int64_t>{ 1, 2, 2, 1 } }, { "padding", std::string("SAME") } };
    checkGradient("Conv2D", { rnd({ 2, 5, 5, 2 }), rnd({ 3, 3, 2, 3 }, 2) }, conv, { 0, 1 });
    const AttrMap dilated{ { "strides", kOnes },
                           { "padding", std::string("VALID") },
                           { "dilations", std::vector<int64_t>{ 1, 2, 1, 1 } } };
    // TF's Eigen backprop kernels refuse dilations (oneDNN's float32 ones take them).
    CHECK(errorOf([&] {
              execute("Conv2DBackpropInput", { i32v({ 1, 5, 4, 2 }), rnd({ 2, 2, 2, 2 }, 2), rnd({ 1, 3, 4, 2 }, 3) },
                      dilated);
          }).find("Current CPU implementations do not yet support dilation rates larger than 1.") != std::string::npos);
    {
        const int before = onednnScriptSetting().exchange(1);
        checkGradient("Conv2D", { rnd32({ 1, 5, 4, 2 }), rnd32({ 2, 2, 2, 2 }, 2) }, dilated, { 0, 1 });
        onednnScriptSetting() = before;
    }
    checkGradient("Conv2DBackpropInput", { i32v({ 2, 5, 5, 2 }), rnd({ 3, 3, 2, 3 }, 2), rnd({ 2, 3, 3, 3 }, 3) }, conv,
                  { 1, 2 });
    const AttrMap pool{ { "ksize", std::vector<int64_t>{ 1, 2, 2, 1 } },
                        { "strides", std::vector<int64_t>{ 1, 2, 2, 1 } },
                        { "padding", std::string("SAME") } };
    checkGradient("MaxPool", { rnd({ 1, 5, 5, 2 }) }, pool, { 0 });
    checkGradient("AvgPool", { rnd({ 1, 5, 5, 2 }) }, pool, { 0 });
    const Tensor x = pseudoRandom(DType::Float32, { 2, 3, 3, 2 }, 1.0, 0.0, 1);
    const Tensor scale = Tensor::fromVector<float>({ 1.5f, 0.5f }), offset = Tensor::fromVector<float>({ 0.1f, -0.2f });
    checkGradient("FusedBatchNormV3",
                  { x, scale, offset, Tensor(DType::Float32, { 0 }), Tensor(DType::Float32, { 0 }) },
                  { { "epsilon", 0.001f } }, { 0, 1, 2 }, { 1, 2, 3, 4, 5 });
    checkGradient(
        "FusedBatchNormV3",
        { x, scale, offset, Tensor::fromVector<float>({ 0.1f, 0.2f }), Tensor::fromVector<float>({ 1.5f, 0.5f }) },
        { { "is_training", false } }, { 0, 1, 2 }, { 1, 2, 3, 4, 5 });
}

TEST_CASE("gradients of array ops") {
    checkGradient("Reshape", { rnd({ 2, 3 }), i32v({ 3, 2 }) }, {}, { 0 });
    checkGradient("ExpandDims", { rnd({ 2, 3 }), i32s(1) }, {}, { 0 });
    checkGradient("Squeeze", { rnd({ 2, 1, 3 }) }, {}, { 0 });
    checkGradient("Identity", { rnd({ 3 }) }, {}, { 0 });
    checkGradient("IdentityN", { rnd({ 3 }), rnd({ 2 }, 2) }, {}, { 0, 1 });
    checkGradient("Transpose", { rnd({ 2, 3, 4 }), i32v({ 2, 0, 1 }) }, {}, { 0 });
    checkGradient("ConcatV2", { rnd({ 2, 3 }), rnd({ 2, 1 }, 2), i32s(-1) }, {}, { 0, 1 });
    checkGradient("Pack", { rnd({ 2 }), rnd({ 2 }, 2) }, { { "axis", int64_t{ 1 } } }, { 0, 1 });
    checkGradient("Unpack", { rnd({ 2, 3 }) }, { { "num", int64_t{ 3 } }, { "axis", int64_t{ 1 } } }, { 0 });
    checkGradient("Split", { i32s(1), rnd({ 2, 4 }) }, { { "num_split", int64_t{ 2 } } }, { 1 });
    checkGradient("SplitV", { rnd({ 5, 2 }), i32v({ 1, -1, 2 }), i32s(0) }, { { "num_split", int64_t{ 3 } } }, { 0 });
    checkGradient("Slice", { rnd({ 3, 4 }), i32v({ 1, 1 }), i32v({ -1, 2 }) }, {}, { 0 });
    checkGradient("StridedSlice", { rnd({ 4, 5 }), i32v({ 1, -1 }), i32v({ 4, 0 }), i32v({ 2, -2 }) }, {}, { 0 });
    checkGradient("StridedSlice", { rnd({ 2, 3, 4 }), i32v({ 0, 1 }), i32v({ 0, 2 }), i32v({ 1, 1 }) },
                  { { "ellipsis_mask", int64_t{ 1 } }, { "shrink_axis_mask", int64_t{ 2 } } }, { 0 });
    checkGradient("GatherV2", { rnd({ 4, 2 }), i32({ 3, 0, 3 }, { 3 }), i32s(0) }, {}, { 0 });
    checkGradient("Tile", { rnd({ 2, 3 }), i32v({ 2, 1 }) }, {}, { 0 });
    checkGradient("Fill", { i32v({ 2, 3 }), Tensor::scalar<double>(0.5) }, {}, { 1 });
    checkGradient("BroadcastTo", { rnd({ 3, 1 }), i32v({ 2, 3, 4 }) }, {}, { 0 });
    const Tensor cond = Tensor::fromVector<bool>({ true, false }, { 2, 1 });
    checkGradient("SelectV2", { cond, rnd({ 2, 3 }), rnd({ 3 }, 2) }, {}, { 1, 2 });
    checkGradient("Select", { Tensor::fromVector<bool>({ true, false }), rnd({ 2, 2 }), rnd({ 2, 2 }, 2) }, {},
                  { 1, 2 });
}

TEST_CASE("ops without gradients") {
    EagerGradBuilder b;
    const Sym x = b.add(f32({ 1 }, { 1 }));
    const Sym y = b.add(run("Greater", { f32({ 1 }, { 1 }), f32({ 0 }, { 1 }) }));
    const std::vector<Sym> in{ x, x }, out{ y }, g{ Sym{} };
    auto grads = gradientOf(b, lookupOp("Greater"), in, out, g, {});
    CHECK_FALSE(grads[0].valid());
    CHECK_THROWS_AS(gradientOf(b, lookupOp("PreventGradient"), std::vector<Sym>{ x }, std::vector<Sym>{ x },
                               std::vector<Sym>{ x }, {}),
                    graphlens::tensor::NotFoundError);
}
