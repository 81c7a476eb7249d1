// The fused kernels the remapper and the elementwise fusion pass write (_FusedMatMul,
// _FusedConv2D, _FusedBatchNormEx, _GraphLensFusedElementwise) against the unfused ops they
// replace, run through ops::execute and through the executor.
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "core/exec/executor.h"
#include "core/graph/function_library.h"
#include "core/graph/op_registry.h"
#include "core/ops/execute.h"
#include "core/proto/function.pb.h"
#include "core/tensor/errors.h"

using graphlens::ops::AttrMap;
using graphlens::ops::execute;
using graphlens::tensor::DType;
using graphlens::tensor::Tensor;
using graphlens::tensor::TensorShape;

namespace {

Tensor randomTensor(TensorShape shape, uint32_t seed, float lo = -2.0f, float hi = 2.0f) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(lo, hi);
    Tensor t(DType::Float32, std::move(shape));
    for (float& v : t.flat<float>()) v = dist(rng);
    return t;
}

Tensor run1(const std::string& op, std::vector<Tensor> inputs, const AttrMap& attrs = {}) {
    return execute(op, std::span<const Tensor>(inputs), attrs).at(0);
}

// Within 1e-5 relative (and 1e-6 absolute near zero).
void checkClose(const Tensor& got, const Tensor& want) {
    REQUIRE(got.shape() == want.shape());
    REQUIRE(got.dtype() == want.dtype());
    size_t bad = 0;
    for (int64_t i = 0; i < want.numElements(); ++i) {
        const double g = got.data<float>()[i], w = want.data<float>()[i];
        if (std::abs(g - w) > 1e-5 * std::abs(w) + 1e-6) {
            if (bad++ < 3) UNSCOPED_INFO("element " << i << ": got " << g << ", want " << w);
        }
    }
    CHECK(bad == 0);
}

Tensor activate(const std::string& act, Tensor x, float alpha = 0.2f) {
    if (act.empty()) return x;
    if (act == "LeakyRelu") return run1(act, { x }, { { "alpha", alpha } });
    return run1(act, { x });
}

} // namespace

TEST_CASE("_FusedMatMul equals MatMul, BiasAdd and the activation", "[exec][fused]") {
    const auto [ta, tb] = GENERATE(std::pair{ false, false }, std::pair{ true, false }, std::pair{ false, true });
    const std::string act = GENERATE(as<std::string>{}, "", "Relu", "Relu6", "Elu", "LeakyRelu", "Tanh", "Sigmoid");
    const Tensor a = randomTensor(ta ? TensorShape{ 20, 33 } : TensorShape{ 33, 20 }, 1);
    const Tensor b = randomTensor(tb ? TensorShape{ 17, 20 } : TensorShape{ 20, 17 }, 2);
    const Tensor bias = randomTensor({ 17 }, 3);
    std::vector<std::string> fused{ "BiasAdd" };
    if (!act.empty()) fused.push_back(act);
    const AttrMap attrs{ { "transpose_a", ta },
                         { "transpose_b", tb },
                         { "fused_ops", fused },
                         { "num_args", int64_t{ 1 } },
                         { "leakyrelu_alpha", 0.3f } };
    const Tensor got = run1("_FusedMatMul", { a, b, bias }, attrs);
    const Tensor product = run1("MatMul", { a, b }, { { "transpose_a", ta }, { "transpose_b", tb } });
    checkClose(got, activate(act, run1("BiasAdd", { product, bias }), 0.3f));
}

TEST_CASE("_FusedMatMul with a residual Add and bad arguments", "[exec][fused]") {
    const Tensor a = randomTensor({ 8, 5 }, 4), b = randomTensor({ 5, 6 }, 5), bias = randomTensor({ 6 }, 6);
    const Tensor residual = randomTensor({ 8, 6 }, 7);
    const AttrMap attrs{ { "fused_ops", std::vector<std::string>{ "BiasAdd", "Add", "Relu" } },
                         { "num_args", int64_t{ 2 } } };
    const Tensor got = run1("_FusedMatMul", { a, b, bias, residual }, attrs);
    const Tensor want =
        run1("Relu", { run1("AddV2", { run1("BiasAdd", { run1("MatMul", { a, b }), bias }), residual }) });
    checkClose(got, want);
    SECTION("a bias of the wrong size") {
        const AttrMap one{ { "fused_ops", std::vector<std::string>{ "BiasAdd" } }, { "num_args", int64_t{ 1 } } };
        CHECK_THROWS_AS(run1("_FusedMatMul", { a, b, randomTensor({ 5 }, 8) }, one),
                        graphlens::tensor::InvalidArgumentError);
    }
    SECTION("an activation TF does not fuse") {
        const AttrMap gelu{ { "fused_ops", std::vector<std::string>{ "BiasAdd", "Softsign" } },
                            { "num_args", int64_t{ 1 } } };
        CHECK_THROWS_AS(run1("_FusedMatMul", { a, b, bias }, gelu), graphlens::tensor::UnimplementedError);
    }
}

TEST_CASE("_FusedConv2D equals Conv2D with BiasAdd or FusedBatchNorm and the activation", "[exec][fused]") {
    const std::string padding = GENERATE(as<std::string>{}, "SAME", "VALID");
    const std::string act = GENERATE(as<std::string>{}, "", "Relu", "Relu6", "Elu");
    const Tensor input = randomTensor({ 2, 9, 8, 3 }, 10), filter = randomTensor({ 3, 3, 3, 5 }, 11);
    const std::vector<int64_t> strides{ 1, 2, 1, 1 };
    const AttrMap convAttrs{ { "strides", strides }, { "padding", padding } };
    const Tensor conv = run1("Conv2D", { input, filter }, convAttrs);
    SECTION("BiasAdd") {
        const Tensor bias = randomTensor({ 5 }, 12);
        std::vector<std::string> fused{ "BiasAdd" };
        if (!act.empty()) fused.push_back(act);
        const AttrMap attrs{ { "strides", strides },
                             { "padding", padding },
                             { "fused_ops", fused },
                             { "num_args", int64_t{ 1 } },
                             { "num_host_args", int64_t{ 0 } } };
        checkClose(run1("_FusedConv2D", { input, filter, bias }, attrs),
                   activate(act, run1("BiasAdd", { conv, bias })));
    }
    SECTION("FusedBatchNorm (inference)") {
        const Tensor scale = randomTensor({ 5 }, 13), offset = randomTensor({ 5 }, 14), mean = randomTensor({ 5 }, 15);
        const Tensor variance = randomTensor({ 5 }, 16, 0.5f, 2.0f);
        std::vector<std::string> fused{ "FusedBatchNorm" };
        if (!act.empty()) fused.push_back(act);
        // As the remapper writes it: no host args (they would take a share of the inputs).
        const AttrMap attrs{ { "strides", strides },
                             { "padding", padding },
                             { "fused_ops", fused },
                             { "num_args", int64_t{ 4 } },
                             { "num_host_args", int64_t{ 0 } },
                             { "epsilon", 0.001f } };
        const Tensor bn = execute("FusedBatchNormV3", { conv, scale, offset, mean, variance },
                                  { { "epsilon", 0.001f }, { "is_training", false } })[0];
        checkClose(run1("_FusedConv2D", { input, filter, scale, offset, mean, variance }, attrs), activate(act, bn));
    }
}

TEST_CASE("_FusedBatchNormEx equals FusedBatchNormV3, the side input and the activation", "[exec][fused]") {
    const bool training = GENERATE(false, true);
    const Tensor x = randomTensor({ 2, 4, 4, 6 }, 20), side = randomTensor({ 2, 4, 4, 6 }, 21);
    const Tensor scale = randomTensor({ 6 }, 22), offset = randomTensor({ 6 }, 23), mean = randomTensor({ 6 }, 24);
    const Tensor variance = randomTensor({ 6 }, 25, 0.5f, 2.0f);
    const AttrMap bnAttrs{ { "epsilon", 0.001f }, { "is_training", training } };
    const auto want = execute("FusedBatchNormV3", { x, scale, offset, mean, variance }, bnAttrs);
    const AttrMap attrs{ { "epsilon", 0.001f },
                         { "is_training", training },
                         { "num_side_inputs", int64_t{ 1 } },
                         { "activation_mode", std::string("Relu") } };
    const std::vector<Tensor> inputs{ x, scale, offset, mean, variance, side };
    const auto got = execute("_FusedBatchNormEx", std::span<const Tensor>(inputs), attrs);
    REQUIRE(got.size() == 6);
    checkClose(got[0], run1("Relu", { run1("AddV2", { want[0], side }) }));
    checkClose(got[1], want[1]);
    checkClose(got[2], want[2]);
}

TEST_CASE("_GraphLensFusedElementwise evaluates a chain in one pass with broadcasting", "[exec][fused]") {
    // Shapes that broadcast in every direction; sizes above one block of the kernel.
    const TensorShape shape0 = GENERATE(TensorShape{ 4, 1, 5 }, TensorShape{ 40, 30, 7 });
    const Tensor a0 = randomTensor(shape0, 30);
    const Tensor a1 = randomTensor({ shape0.dim(1) == 1 ? 3 : shape0.dim(1), 1 }, 31);
    const Tensor a2 = Tensor::scalar<float>(0.25f);
    const Tensor a3 = randomTensor({ shape0.dim(2) }, 32, 0.5f, 3.0f);
    const std::vector<std::string> expr{ "Mul a0 a1",     "AddV2 t0 a2", "LeakyRelu t1 alpha=0.1",
                                         "RealDiv t2 a3", "Sigmoid t3",  "SquaredDifference t4 a0",
                                         "Maximum t5 a2" };
    const AttrMap attrs{ { "expr", expr } };
    const std::vector<Tensor> inputs{ a0, a1, a2, a3 };
    const Tensor got = execute("_GraphLensFusedElementwise", std::span<const Tensor>(inputs), attrs).at(0);
    Tensor t = run1("Mul", { a0, a1 });
    t = run1("AddV2", { t, a2 });
    t = run1("LeakyRelu", { t }, { { "alpha", 0.1f } });
    t = run1("RealDiv", { t, a3 });
    t = run1("Sigmoid", { t });
    t = run1("SquaredDifference", { t, a0 });
    t = run1("Maximum", { t, a2 });
    checkClose(got, t);
}

TEST_CASE("_GraphLensFusedElementwise on integers, in place and with bad programs", "[exec][fused]") {
    SECTION("int32") {
        const Tensor x = Tensor::fromVector<int32_t>({ -3, 1, 4, -1, 5 }), y = Tensor::scalar<int32_t>(2);
        const std::vector<Tensor> in{ x, y };
        const Tensor got = execute("_GraphLensFusedElementwise", std::span<const Tensor>(in),
                                   { { "expr", std::vector<std::string>{ "Mul a0 a1", "Relu t0", "Sub t1 a1" } } })
                               .at(0);
        const Tensor want = run1("Sub", { run1("Relu", { run1("Mul", { x, y }) }), y });
        REQUIRE(got.shape() == want.shape());
        for (int64_t i = 0; i < want.numElements(); ++i) CHECK(got.data<int32_t>()[i] == want.data<int32_t>()[i]);
    }
    SECTION("an input held by nobody else is written over; a shared one is not") {
        std::vector<Tensor> in{ randomTensor({ 64 }, 40), Tensor::scalar<float>(1.0f) };
        const Tensor kept = in[0];
        const Tensor copy = in[0].deepCopy();
        const AttrMap attrs{ { "expr", std::vector<std::string>{ "AddV2 a0 a1" } } };
        const Tensor shared = execute("_GraphLensFusedElementwise", std::span<const Tensor>(in), attrs).at(0);
        CHECK_FALSE(shared.sharesBufferWith(kept));
        checkClose(kept, copy); // untouched
        std::vector<Tensor> alone{ copy.deepCopy(), Tensor::scalar<float>(1.0f) };
        const void* buffer = alone[0].rawData();
        const Tensor inPlace = execute("_GraphLensFusedElementwise", std::span<const Tensor>(alone), attrs).at(0);
        if (graphlens::tensor::kWritesInPlace) CHECK(inPlace.rawData() == buffer);
        else WARN("ThreadSanitizer build: buffers are never written in place, reuse not checked");
        checkClose(inPlace, run1("AddV2", { copy, Tensor::scalar<float>(1.0f) }));
    }
    SECTION("bad programs are errors") {
        const std::vector<Tensor> in{ randomTensor({ 4 }, 41) };
        for (const std::vector<std::string>& expr : { std::vector<std::string>{ "Frobnicate a0" },
                                                      { "Relu a1" },
                                                      { "Relu t0" },
                                                      { "AddV2 a0" },
                                                      { "Relu a0 a0" },
                                                      std::vector<std::string>{} }) {
            INFO(expr.size());
            CHECK_THROWS_AS(execute("_GraphLensFusedElementwise", std::span<const Tensor>(in), { { "expr", expr } }),
                            graphlens::tensor::InvalidArgumentError);
        }
        const std::vector<Tensor> ints{ Tensor::fromVector<int32_t>({ 1, 2 }) };
        CHECK_THROWS_AS(execute("_GraphLensFusedElementwise", std::span<const Tensor>(ints),
                                { { "expr", std::vector<std::string>{ "Exp a0" } } }),
                        graphlens::tensor::InvalidArgumentError);
    }
}

namespace {

// f(a, b, bias) = _FusedMatMul(a, b, bias) with BiasAdd+Relu, then Exp of it by the fused
// elementwise op: a function body as the passes leave it.
std::shared_ptr<const graphlens::exec::Executable> fusedFunction() {
    tensorflow::FunctionDefLibrary lib;
    tensorflow::FunctionDef& f = *lib.add_function();
    auto* sig = f.mutable_signature();
    sig->set_name("fused_fn");
    for (const char* name : { "a", "b", "bias" }) {
        auto* arg = sig->add_input_arg();
        arg->set_name(name);
        arg->set_type(tensorflow::DT_FLOAT);
    }
    auto* out = sig->add_output_arg();
    out->set_name("y");
    out->set_type(tensorflow::DT_FLOAT);
    tensorflow::NodeDef& mm = *f.add_node_def();
    mm.set_name("mm");
    mm.set_op("_FusedMatMul");
    for (const char* in : { "a", "b", "bias" }) mm.add_input(in);
    (*mm.mutable_attr())["T"].set_type(tensorflow::DT_FLOAT);
    (*mm.mutable_attr())["num_args"].set_i(1);
    auto* ops = (*mm.mutable_attr())["fused_ops"].mutable_list();
    ops->add_s("BiasAdd");
    ops->add_s("Relu");
    tensorflow::NodeDef& ew = *f.add_node_def();
    ew.set_name("ew");
    ew.set_op("_GraphLensFusedElementwise");
    ew.add_input("mm:product:0");
    ew.add_input("bias");
    (*ew.mutable_attr())["T"].set_type(tensorflow::DT_FLOAT);
    (*ew.mutable_attr())["N"].set_i(2);
    auto* expr = (*ew.mutable_attr())["expr"].mutable_list();
    expr->add_s("Neg a0");
    expr->add_s("Exp t0");
    expr->add_s("Mul t1 a1");
    (*f.mutable_ret())["y"] = "ew:output:0";
    graphlens::graph::FunctionLibrary flib(std::move(lib), graphlens::graph::OpRegistry::builtin());
    return graphlens::exec::Executable::compileFunction(flib, "fused_fn");
}

} // namespace

TEST_CASE("the executor runs fused nodes and profiles kernel time per op", "[exec][fused]") {
    auto exe = fusedFunction();
    const Tensor a = randomTensor({ 16, 8 }, 50), b = randomTensor({ 8, 4 }, 51), bias = randomTensor({ 4 }, 52);
    graphlens::exec::StepProfile profile;
    graphlens::exec::RunOptions options;
    options.profile = &profile;
    const std::vector<Tensor> args{ a, b, bias };
    const Tensor got = exe->run(args, options).at(0);
    const Tensor hidden = run1("Relu", { run1("BiasAdd", { run1("MatMul", { a, b }), bias }) });
    checkClose(got, run1("Mul", { run1("Exp", { run1("Neg", { hidden }) }), bias }));
    exe->run(args, options);
    const auto entries = profile.entries();
    REQUIRE(entries.size() == 2);
    for (const auto& e : entries) {
        CHECK((e.op == "_FusedMatMul" || e.op == "_GraphLensFusedElementwise"));
        CHECK(e.count == 2);
        CHECK(e.seconds > 0);
    }
    CHECK(profile.summary().find("_FusedMatMul") != std::string::npos);
    // The same time per node, named by function and node.
    const auto nodes = profile.nodeEntries();
    REQUIRE(nodes.size() == 2);
    double nodeSeconds = 0;
    for (const auto& n : nodes) {
        CHECK(n.function == "fused_fn");
        CHECK(n.count == 2);
        CHECK(n.node == (n.op == "_FusedMatMul" ? "mm" : "ew"));
        nodeSeconds += n.seconds;
    }
    CHECK(nodeSeconds == Approx(profile.totalSeconds()));
    // Without a profile nothing is collected.
    profile.clear();
    exe->run(args);
    CHECK(profile.entries().empty());
}
