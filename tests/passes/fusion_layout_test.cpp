// The remapper's output runs on the executor with the results of the unfused graph; elementwise
// fusion (what joins a tree, what does not and why, the expr encoding, results unchanged); the
// layout optimizer (GPU: NHWC->NCHW with transposes only at the region's edges; CPU: nothing).
#include <google/protobuf/util/message_differencer.h>

#include "core/passes/passes.h"
#include "tests/passes/pass_test_util.h"

using namespace passtest;
using namespace graphlens::passes;
using tensorflow::DT_DOUBLE;
using tensorflow::DT_FLOAT;

namespace {

void sameResults(const tensorflow::GraphDef& before, const tensorflow::GraphDef& after,
                 const std::vector<std::string>& feeds, const std::vector<std::vector<int64_t>>& shapes,
                 const std::vector<std::string>& fetches) {
    std::vector<Tensor> args;
    for (size_t i = 0; i < shapes.size(); ++i) args.push_back(randomTensor(shapes[i], static_cast<uint32_t>(i + 3)));
    requireClose(runExecutor(before, feeds, fetches, args), runExecutor(after, feeds, fetches, args),
                 "before vs after");
}

const FusionMiss* findMiss(const PassReport& r, const std::string& condition) {
    for (const auto& m : r.misses)
        if (m.condition == condition) return &m;
    return nullptr;
}

std::vector<std::string> exprOf(const tensorflow::NodeDef& n) {
    const auto& l = n.attr().at("expr").list().s();
    return { l.begin(), l.end() };
}

void setString(tensorflow::NodeDef& n, const std::string& attr, const std::string& v) {
    (*n.mutable_attr())[attr].set_s(v);
}
void setInts(tensorflow::NodeDef& n, const std::string& attr, std::vector<int64_t> v) {
    auto* l = (*n.mutable_attr())[attr].mutable_list();
    for (auto x : v) l->add_i(x);
}

} // namespace

TEST_CASE("remapper: fused graphs compute what the unfused ones do", "[passes][remapper]") {
    Builder b;
    b.placeholder("x", { 4, 3 }).constant("w", randomTensor({ 3, 5 }, 1)).constant("bias", randomTensor({ 5 }, 2));
    b.op("mm", "MatMul", { "x", "w" })
        .op("ba", "BiasAdd", { "mm", "bias" })
        .op("act", "LeakyRelu", { "ba" }, DT_FLOAT, [](auto& n) { (*n.mutable_attr())["alpha"].set_f(0.3F); });
    b.placeholder("img", { 1, 6, 6, 2 })
        .constant("f", randomTensor({ 3, 3, 2, 4 }, 3))
        .constant("cb", randomTensor({ 4 }, 4));
    b.op("conv", "Conv2D", { "img", "f" }, DT_FLOAT, [](auto& n) {
        setInts(n, "strides", { 1, 1, 1, 1 });
        setString(n, "padding", "SAME");
    });
    b.op("cba", "BiasAdd", { "conv", "cb" }).op("crelu", "Relu6", { "cba" });
    const auto before = b.graph;
    auto g = b.graph;
    auto pass = makeRemapper(Target::Cpu);
    const auto r = runPass(*pass, g, fetching({ "act", "crelu" }, { "x", "img" }));
    CHECK(countOp(g, "_FusedMatMul") == 1);
    CHECK(countOp(g, "_FusedConv2D") == 1);
    CHECK(r.count(ChangeKind::Fused) == 2);
    sameResults(before, g, { "x", "img" }, { { 4, 3 }, { 1, 6, 6, 2 } }, { "act", "crelu" });
}

TEST_CASE("remapper: an inference batch norm becomes primitive ops with the same result", "[passes][remapper]") {
    Builder b;
    b.placeholder("x", { 2, 3, 3, 4 });
    for (const char* n : { "scale", "offset", "mean" }) b.constant(n, randomTensor({ 4 }, 5));
    b.constant("var", Tensor::fromVector(std::vector<float>{ 0.5F, 1.0F, 2.0F, 3.0F }));
    b.constant("empty", Tensor::fromVector(std::vector<float>{}));
    b.op("bn", "FusedBatchNormV3", { "x", "scale", "offset", "mean", "var" }, DT_FLOAT, [](auto& n) {
        setType(n, "U", DT_FLOAT);
        (*n.mutable_attr())["is_training"].set_b(false);
        (*n.mutable_attr())["epsilon"].set_f(0.001F);
    });
    b.op("y", "Neg", { "bn" });
    const auto before = b.graph;
    auto g = b.graph;
    auto pass = makeRemapper(Target::Cpu);
    const auto r = runPass(*pass, g, fetching({ "y" }, { "x" }));
    CHECK(countOp(g, "FusedBatchNormV3") == 0);
    CHECK(findNode(g, "bn")->op() == "Add");
    CHECK(countOp(g, "Rsqrt") == 1);
    CHECK(r.count(ChangeKind::Added) == 7);
    sameResults(before, g, { "x" }, { { 2, 3, 3, 4 } }, { "y" });
}

TEST_CASE("remapper: GPU rules", "[passes][remapper]") {
    Builder b;
    b.placeholder("img", { 1, 6, 6, 2 })
        .constant("f", randomTensor({ 3, 3, 2, 4 }, 3))
        .constant("cb", randomTensor({ 4 }, 4));
    b.constant("f1", randomTensor({ 1, 1, 2, 4 }, 6));
    const auto conv = [](auto& n) {
        setInts(n, "strides", { 1, 1, 1, 1 });
        setString(n, "padding", "SAME");
    };
    b.op("conv", "Conv2D", { "img", "f" }, DT_FLOAT, conv)
        .op("cba", "BiasAdd", { "conv", "cb" })
        .op("relu", "Relu", { "cba" });
    b.op("conv1", "Conv2D", { "img", "f1" }, DT_FLOAT, conv)
        .op("cba1", "BiasAdd", { "conv1", "cb" })
        .op("relu1", "Relu", { "cba1" });
    b.op("conv2", "Conv2D", { "img", "f" }, DT_FLOAT, conv).op("cba2", "BiasAdd", { "conv2", "cb" });
    b.op("conv3", "Conv2D", { "img", "f" }, DT_FLOAT, conv)
        .op("cba3", "BiasAdd", { "conv3", "cb" })
        .op("elu", "Elu", { "cba3" });
    for (auto& n : *b.graph.mutable_node()) n.set_device("/device:GPU:0");
    auto g = b.graph;
    auto pass = makeRemapper(Target::Gpu);
    const auto r = runPass(*pass, g, fetching({ "relu", "relu1", "cba2", "elu" }, { "img" }));
    CHECK(findNode(g, "relu")->op() == "_FusedConv2D");
    CHECK(findNode(g, "relu1")->op() == "Relu");   // 1x1 filter
    CHECK(findNode(g, "cba2")->op() == "BiasAdd"); // no activation
    CHECK(findNode(g, "elu")->op() == "Elu");
    REQUIRE(findMiss(r, "filter_shape"));
    CHECK(findMiss(r, "filter_shape")->nodes.back() == "relu1");
    CHECK(findMiss(r, "unsupported_activation"));
    CHECK(findMiss(r, "device"));
}

TEST_CASE("remapper: on GPU a batch norm + Relu fuses, also with a side input, as TF's rules say",
          "[passes][remapper]") {
    Builder b;
    b.placeholder("x", { 2, 3, 3, 4 }).placeholder("side", { 2, 3, 3, 4 });
    for (const char* n : { "scale", "offset", "mean" }) b.constant(n, randomTensor({ 4 }, 5));
    b.constant("var", Tensor::fromVector(std::vector<float>{ 0.5F, 1.0F, 2.0F, 3.0F }));
    b.constant("row", randomTensor({ 4 }, 9));
    const auto inference = [](auto& n) {
        setType(n, "U", DT_FLOAT);
        (*n.mutable_attr())["is_training"].set_b(false);
        (*n.mutable_attr())["epsilon"].set_f(0.001F);
    };
    // Output 1 (the mean) is read: TF still fuses, the fused op makes it too.
    b.op("bn1", "FusedBatchNormV3", { "x", "scale", "offset", "mean", "var" }, DT_FLOAT, inference)
        .op("relu1", "Relu", { "bn1" })
        .op("mean1", "Neg", { "bn1:1" });
    b.op("bn2", "FusedBatchNormV3", { "x", "scale", "offset", "mean", "var" }, DT_FLOAT, inference)
        .op("add2", "AddV2", { "side", "bn2" })
        .op("relu2", "Relu", { "add2" });
    // A [4] row broadcasts: no side input.
    b.op("bn3", "FusedBatchNormV3", { "x", "scale", "offset", "mean", "var" }, DT_FLOAT, inference)
        .op("add3", "AddV2", { "bn3", "row" })
        .op("relu3", "Relu", { "add3" });
    for (auto& n : *b.graph.mutable_node()) n.set_device("/device:GPU:0");
    const auto before = b.graph;
    auto g = b.graph;
    auto pass = makeRemapper(Target::Gpu);
    const std::vector<std::string> fetches{ "relu1", "mean1", "relu2", "relu3" };
    const auto r = runPass(*pass, g, fetching(fetches, { "x", "side" }));
    CHECK(findNode(g, "bn1")->op() == "_FusedBatchNormEx");
    CHECK(findNode(g, "relu1")->op() == "Identity");
    const auto* bn2 = findNode(g, "bn2");
    REQUIRE(bn2->op() == "_FusedBatchNormEx");
    REQUIRE(bn2->input_size() == 6);
    CHECK(bn2->input(5) == "side");
    CHECK(bn2->attr().at("num_side_inputs").i() == 1);
    CHECK(findNode(g, "add2") == nullptr);
    CHECK(findNode(g, "relu3")->op() == "Relu"); // (bn3 itself is decomposed: constant scale and variance)
    REQUIRE(findMiss(r, "side_input_shape"));
    CHECK(findMiss(r, "side_input_shape")->nodes == std::vector<std::string>{ "bn3", "add3", "relu3" });
    CHECK(!findMiss(r, "batch_norm_outputs_used"));
    sameResults(before, g, { "x", "side" }, { { 2, 3, 3, 4 }, { 2, 3, 3, 4 } }, fetches);
}

TEST_CASE("remapper: on GPU a variable's filter shape comes from its handle", "[passes][remapper]") {
    Builder b;
    b.placeholder("img", { 1, 6, 6, 2 }).constant("cb", randomTensor({ 4 }, 4));
    const auto variable = [&b](const std::string& name, std::vector<int64_t> dims) {
        auto* v = b.add(name, "VarHandleOp", {});
        setType(*v, "dtype", DT_FLOAT);
        auto* shape = (*v->mutable_attr())["shape"].mutable_shape();
        for (auto d : dims) shape->add_dim()->set_size(d);
        auto* read = b.add(name + "/read", "ReadVariableOp", { name });
        setType(*read, "dtype", DT_FLOAT);
    };
    variable("kernel", { 3, 3, 2, 4 });
    variable("kernel1", { 1, 1, 2, 4 });
    const auto conv = [](auto& n) {
        setInts(n, "strides", { 1, 1, 1, 1 });
        setString(n, "padding", "SAME");
    };
    b.op("conv", "Conv2D", { "img", "kernel/read" }, DT_FLOAT, conv)
        .op("cba", "BiasAdd", { "conv", "cb" })
        .op("relu", "Relu", { "cba" });
    b.op("conv1", "Conv2D", { "img", "kernel1/read" }, DT_FLOAT, conv)
        .op("cba1", "BiasAdd", { "conv1", "cb" })
        .op("relu1", "Relu", { "cba1" });
    for (auto& n : *b.graph.mutable_node()) n.set_device("/device:GPU:0");
    auto g = b.graph;
    auto pass = makeRemapper(Target::Gpu);
    const auto r = runPass(*pass, g, fetching({ "relu", "relu1" }, { "img" }));
    CHECK(findNode(g, "relu")->op() == "_FusedConv2D");
    CHECK(findNode(g, "relu1")->op() == "Relu");
    REQUIRE(findMiss(r, "filter_shape"));
    CHECK(findMiss(r, "filter_shape")->reason.find("1x1") != std::string::npos);
}

TEST_CASE("elementwise fusion: a tree of single-use ops becomes one node", "[passes][elementwise_fusion]") {
    Builder b;
    b.placeholder("x", { 2, 3 }).placeholder("y", { 3 }).scalar("two", 2.0F);
    b.op("m", "Mul", { "x", "y" }).op("a", "AddV2", { "m", "two" }).op("sq", "Mul", { "a", "a" });
    b.op("r", "LeakyRelu", { "sq" }, DT_FLOAT, [](auto& n) { (*n.mutable_attr())["alpha"].set_f(0.25F); });
    b.op("out", "Neg", { "r" });
    const auto before = b.graph;
    auto g = b.graph;
    auto pass = makeElementwiseFusion();
    const auto r = runPass(*pass, g, fetching({ "out" }, { "x", "y" }));
    REQUIRE(g.node_size() == 4);
    const auto* fused = findNode(g, "out");
    REQUIRE(fused);
    CHECK(fused->op() == "_GraphLensFusedElementwise");
    CHECK(exprOf(*fused) ==
          std::vector<std::string>{ "Mul a0 a1", "AddV2 t0 a2", "Mul t1 t1", "LeakyRelu t2 alpha=0.25", "Neg t3" });
    CHECK(fused->attr().at("N").i() == 3);
    CHECK(std::vector<std::string>(fused->input().begin(), fused->input().end()) ==
          std::vector<std::string>{ "x", "y", "two" });
    REQUIRE(r.count(ChangeKind::Fused) == 1);
    CHECK(r.changes[0].sources.size() == 5);
    CHECK(r.misses.empty());
    sameResults(before, g, { "x", "y" }, { { 2, 3 }, { 3 } }, { "out" });
}

TEST_CASE("elementwise fusion: what stops a neighbour joining, reported", "[passes][elementwise_fusion]") {
    Builder b;
    b.placeholder("x", { 4 }).placeholder("d", { 4 }, DT_DOUBLE).placeholder("g", { 1 });
    b.op("shared", "Exp", { "x" }).op("use1", "Neg", { "shared" }).op("use1b", "Abs", { "use1" });
    b.op("use2", "Sqrt", { "shared" });
    b.op("fetched", "Tanh", { "x" }).op("after", "Neg", { "fetched" }).op("after2", "Abs", { "after" });
    b.op("ctrl", "Sigmoid", { "x", "^g" }).op("c1", "Neg", { "ctrl" }).op("c2", "Abs", { "c1" });
    b.op("dd", "Neg", { "d" }, DT_DOUBLE).op("cast", "Cast", { "dd" }, tensorflow::DT_INVALID, [](auto& n) {
        setType(n, "SrcT", DT_DOUBLE);
        setType(n, "DstT", DT_FLOAT);
    });
    b.op("cpu", "Relu", { "x" }, DT_FLOAT, [](auto& n) { n.set_device("/device:CPU:1"); });
    b.op("dev", "Neg", { "cpu" }).op("dev2", "Abs", { "dev" });
    auto g = b.graph;
    auto pass = makeElementwiseFusion();
    const auto r =
        runPass(*pass, g, fetching({ "use1b", "use2", "after2", "fetched", "c2", "cast", "dev2" }, { "x", "d", "g" }));
    CHECK(findNode(g, "shared")->op() == "Exp");
    CHECK(findNode(g, "use1b")->op() == "_GraphLensFusedElementwise");
    CHECK(findNode(g, "fetched")->op() == "Tanh");
    CHECK(findNode(g, "after2")->op() == "_GraphLensFusedElementwise");
    CHECK(findNode(g, "ctrl")->op() == "Sigmoid");
    CHECK(findNode(g, "dev2")->op() == "_GraphLensFusedElementwise");
    CHECK(findNode(g, "dev") == nullptr); // "dev2" is the root: its name stays, "dev" is gone
    for (const char* condition : { "multiple_consumers", "preserved", "control_edge", "device" }) {
        INFO(condition);
        CHECK(findMiss(r, condition));
    }
    const auto* shared = findMiss(r, "multiple_consumers");
    CHECK(std::find(shared->nodes.begin(), shared->nodes.end(), "shared") != shared->nodes.end());
}

TEST_CASE("layout: GPU convolutions switch to NCHW with transposes only at the edges", "[passes][layout]") {
    Builder b;
    b.placeholder("img", { 1, 8, 8, 3 })
        .constant("f", randomTensor({ 3, 3, 3, 4 }, 3))
        .constant("f2", randomTensor({ 3, 3, 4, 4 }, 4));
    b.constant("cb", randomTensor({ 4 }, 5));
    const auto conv = [](auto& n) {
        setInts(n, "strides", { 1, 2, 2, 1 });
        setString(n, "padding", "SAME");
        setString(n, "data_format", "NHWC");
    };
    b.op("c1", "Conv2D", { "img", "f" }, DT_FLOAT, conv).op("b1", "BiasAdd", { "c1", "cb" }).op("r1", "Relu", { "b1" });
    b.op("c2", "Conv2D", { "r1", "f2" }, DT_FLOAT, [](auto& n) {
        setInts(n, "strides", { 1, 1, 1, 1 });
        setString(n, "padding", "VALID");
    });
    b.op("pool", "MaxPool", { "c2" }, DT_FLOAT, [](auto& n) {
        setInts(n, "ksize", { 1, 2, 2, 1 });
        setInts(n, "strides", { 1, 2, 2, 1 });
        setString(n, "padding", "VALID");
    });
    b.op("out", "Identity", { "pool" });
    auto cpu = b.graph;
    auto gpu = b.graph;
    {
        auto pass = makeLayoutOptimizer(Target::Cpu);
        const auto r = runPass(*pass, cpu, fetching({ "out" }, { "img" }));
        CHECK(r.changes.empty());
        CHECK(google::protobuf::util::MessageDifferencer::Equals(cpu, b.graph));
    }
    auto pass = makeLayoutOptimizer(Target::Gpu);
    const auto r = runPass(*pass, gpu, fetching({ "out" }, { "img" }));
    CHECK(countOp(gpu, "Transpose") == 2); // into c1, out of pool: none between the convolutions
    CHECK(findNode(gpu, "c1")->attr().at("data_format").s() == "NCHW");
    const auto& strides = findNode(gpu, "c1")->attr().at("strides").list().i();
    CHECK(std::vector<int64_t>(strides.begin(), strides.end()) == std::vector<int64_t>{ 1, 1, 2, 2 });
    CHECK(findNode(gpu, "b1")->attr().at("data_format").s() == "NCHW");
    CHECK(findNode(gpu, "pool")->attr().at("data_format").s() == "NCHW");
    CHECK(findNode(gpu, "r1")->input(0) == "b1");
    CHECK(findNode(gpu, "c2")->input(0) == "r1");
    CHECK(findNode(gpu, "out")->input(0) != "pool"); // reads the NCHW->NHWC transpose
    CHECK(findNode(gpu, "c1")->input(0) != "img");
    CHECK(r.count(ChangeKind::Rewritten) == 4);
    CHECK(r.count(ChangeKind::Added) == 4); // the two transposes and their two permutation constants
}
