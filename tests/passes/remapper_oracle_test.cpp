// The remapper against grappler's: tests/oracle/record_grappler.py ran real TF 2.21's
// meta-optimizer with only the remapper on each GraphDef (every node on /device:CPU:0, oneDNN
// off) and recorded every node of the result and each fused node's inputs and attrs. Our remapper
// runs alone on the same GraphDef and must give the same nodes, the same fused nodes with the
// same data inputs and attrs, except the intended differences listed below.
#include <algorithm>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "core/passes/passes.h"
#include "core/passes/validator.h"
#include "core/tensor/dtype.h"

using nlohmann::json;

namespace {

const std::string kDataDir = GRAPHLENS_SOURCE_DIR "/tests/passes/data/";

// Intended differences: TF's remapper fuses nothing on a node without a device (NodeIsOnCpu is
// false for an empty device); GraphLens treats an unplaced node as placed on the target, so a
// traced function gets the fusions it will get once placed. For these cases our result must
// equal TF's on the placed twin instead.
const std::map<std::string, std::string> kUnplacedTwin = {
    { "unplaced_matmul_bias_relu", "matmul_bias_relu" },
    { "unplaced_conv_bias_relu", "conv_bias_relu" },
};

const json& recorded() {
    static const json j = [] {
        std::ifstream in(kDataDir + "grappler_remapper.json");
        REQUIRE(in);
        return json::parse(in);
    }();
    return j;
}

const json& recordedCase(const std::string& name) {
    for (const auto& c : recorded()["cases"])
        if (c["name"] == name) return c;
    FAIL("no recorded case " << name);
    static const json none;
    return none;
}

tensorflow::GraphDef loadGraph(const std::string& file) {
    std::ifstream in(kDataDir + file, std::ios::binary);
    REQUIRE(in);
    std::stringstream data;
    data << in.rdbuf();
    tensorflow::GraphDef graph;
    REQUIRE(graph.ParseFromString(data.str()));
    return graph;
}

// Python's dtype names ("float32"), as TF's messages and the oracle's recordings use them; the
// enum values are TF's DataType numbers.
std::string typeName(tensorflow::DataType type) {
    return std::string(graphlens::tensor::dtypeName(static_cast<graphlens::tensor::DType>(type)));
}

// The attr as the recorder writes it (Python's view of the AttrValue).
json attrJson(const tensorflow::AttrValue& v) {
    switch (v.value_case()) {
    case tensorflow::AttrValue::kS:
        return v.s();
    case tensorflow::AttrValue::kI:
        return v.i();
    case tensorflow::AttrValue::kF:
        return v.f();
    case tensorflow::AttrValue::kB:
        return v.b();
    case tensorflow::AttrValue::kType:
        return typeName(v.type());
    case tensorflow::AttrValue::kList: {
        json out = json::array();
        const auto& l = v.list();
        for (const auto& s : l.s()) out.push_back(s);
        for (const auto i : l.i()) out.push_back(i);
        for (const auto f : l.f()) out.push_back(f);
        for (const auto t : l.type()) out.push_back(typeName(static_cast<tensorflow::DataType>(t)));
        return out;
    }
    default:
        return nullptr;
    }
}

bool sameAttr(const json& ours, const json& tf) {
    if (ours.is_number_float() || tf.is_number_float())
        return ours.is_number() && tf.is_number() && std::abs(ours.get<double>() - tf.get<double>()) < 1e-6;
    if (ours.is_array() && tf.is_array()) {
        if (ours.size() != tf.size()) return false;
        for (size_t k = 0; k < ours.size(); ++k)
            if (!sameAttr(ours[k], tf[k])) return false;
        return true;
    }
    return ours == tf;
}

struct Result {
    tensorflow::GraphDef graph;
    graphlens::passes::PassReport report;
};

Result runRemapper(const json& c) {
    Result r{ loadGraph(c["file"]), {} };
    // Some inputs are already incomplete (a main graph whose called functions were left out of
    // the recording); the remapper must add no problem of its own.
    const auto before = graphlens::passes::validate(r.graph);
    graphlens::passes::PassOptions options;
    options.target = graphlens::passes::Target::Cpu;
    for (const auto& f : c["fetches"]) options.fetches.push_back(f);
    graphlens::passes::makeRemapper(graphlens::passes::Target::Cpu)->run(r.graph, options, r.report);
    std::vector<std::string> problems;
    for (const auto& p : graphlens::passes::validate(r.graph))
        if (std::find(before.begin(), before.end(), p) == before.end()) problems.push_back(p);
    INFO("case " << c["name"].get<std::string>() << ": " << (problems.empty() ? "" : problems.front()));
    CHECK(problems.empty());
    return r;
}

void compareWithTf(const std::string& caseName, const Result& ours, const json& tf) {
    INFO("case " << caseName);
    std::multiset<std::string> ourNodes, tfNodes;
    for (const auto& n : ours.graph.node()) ourNodes.insert(n.name() + " " + n.op());
    for (const auto& s : tf["nodes_after"]) tfNodes.insert(s.get<std::string>());
    std::vector<std::string> onlyOurs, onlyTf;
    std::set_difference(ourNodes.begin(), ourNodes.end(), tfNodes.begin(), tfNodes.end(), std::back_inserter(onlyOurs));
    std::set_difference(tfNodes.begin(), tfNodes.end(), ourNodes.begin(), ourNodes.end(), std::back_inserter(onlyTf));
    INFO("only ours: " << json(onlyOurs).dump() << "\nonly TF's: " << json(onlyTf).dump());
    CHECK(onlyOurs.empty());
    CHECK(onlyTf.empty());
    std::map<std::string, const tensorflow::NodeDef*> byName;
    for (const auto& n : ours.graph.node()) byName[n.name()] = &n;
    for (const auto& f : tf["fused"]) {
        const std::string name = f["name"];
        INFO("fused node " << name);
        const auto it = byName.find(name);
        REQUIRE(it != byName.end());
        const auto& node = *it->second;
        CHECK(node.op() == f["op"].get<std::string>());
        std::vector<std::string> inputs(node.input().begin(), node.input().end());
        CHECK(json(inputs) == f["inputs"]);
        for (const auto& [key, value] : f["attrs"].items()) {
            INFO("attr " << key << ": TF " << value.dump());
            const auto a = node.attr().find(key);
            REQUIRE(a != node.attr().end());
            INFO("ours " << attrJson(a->second).dump());
            CHECK(sameAttr(attrJson(a->second), value));
        }
        CHECK(static_cast<size_t>(node.attr_size()) == f["attrs"].size());
    }
    // Every fused node is reported as a Fused change under its name.
    std::set<std::string> reported;
    for (const auto& ch : ours.report.changes)
        if (ch.kind == graphlens::passes::ChangeKind::Fused) reported.insert(ch.node);
    for (const auto& f : tf["fused"]) CHECK(reported.count(f["name"].get<std::string>()) == 1);
}

} // namespace

TEST_CASE("remapper: fused nodes equal grappler's on recorded graphs", "[passes][remapper][oracle]") {
    const auto& cases = recorded()["cases"];
    REQUIRE(cases.size() > 50);
    size_t fusedTotal = 0;
    for (const auto& c : cases) {
        const std::string name = c["name"];
        if (kUnplacedTwin.count(name)) continue;
        const auto ours = runRemapper(c);
        compareWithTf(name, ours, c);
        fusedTotal += c["fused"].size();
    }
    CHECK(fusedTotal > 100); // the real models hold most of them (LSTM, GRU, estimator)
}

TEST_CASE("remapper: unplaced nodes fuse as if placed (intended difference)", "[passes][remapper][oracle]") {
    for (const auto& [name, twin] : kUnplacedTwin) {
        const auto& c = recordedCase(name);
        CHECK(c["placed"] == false);
        CHECK(c["fused"].empty()); // TF's rule, as recorded
        auto ours = runRemapper(c);
        for (auto& n : *ours.graph.mutable_node()) n.set_device("/device:CPU:0");
        compareWithTf(name, ours, recordedCase(twin));
        bool noted = false;
        for (const auto& note : ours.report.notes) noted = noted || note.find("unplaced") != std::string::npos;
        CHECK(noted);
    }
}

TEST_CASE("remapper: the miss report names the condition TF stopped at", "[passes][remapper][misses]") {
    // Cases where TF (recorded) leaves a pattern unfused, and the condition we report.
    const std::vector<std::tuple<std::string, std::string, std::string>> expected = {
        { "conv_nchw_bias_relu", "Conv2D+BiasAdd+Relu", "data_format" },
        { "matmul_double_bias_relu", "MatMul+BiasAdd+Relu", "dtype" },
        { "matmul_half_bias_relu", "MatMul+BiasAdd+Relu", "dtype" },
        { "depthwise_bias_relu", "DepthwiseConv2dNative+BiasAdd+Relu", "device" },
        { "matmul_two_consumers", "MatMul+BiasAdd+Relu", "multiple_consumers" },
        { "bias_two_consumers", "MatMul+BiasAdd+Relu", "multiple_consumers" },
        { "control_input_on_matmul", "MatMul+BiasAdd+Relu", "control_edge" },
        { "control_output_of_bias", "MatMul+BiasAdd+Relu", "control_edge" },
        { "control_input_on_relu", "MatMul+BiasAdd+Relu", "control_edge" },
        { "fetched_matmul", "MatMul+BiasAdd+Relu", "preserved" },
        { "fetched_bias", "MatMul+BiasAdd+Relu", "preserved" },
        { "matmul_bias_tanh", "MatMul+BiasAdd+Tanh", "unsupported_activation" },
        { "conv_bias_sigmoid", "Conv2D+BiasAdd+Sigmoid", "unsupported_activation" },
        { "conv_fbn_training", "Conv2D+FusedBatchNormV3", "training_batch_norm" },
        { "conv_fbn_output1_used", "Conv2D+FusedBatchNormV3", "batch_norm_outputs_used" },
        { "conv_two_consumers_fbn", "Conv2D+FusedBatchNormV3", "multiple_consumers" },
        { "conv_fbn_tanh", "Conv2D+FusedBatchNormV3+Tanh", "unsupported_activation" },
        { "fbn_relu_inference", "FusedBatchNormV3+Relu", "device" },
        { "fn_intermediate_returned", "MatMul+BiasAdd+Relu", "multiple_consumers" },
    };
    for (const auto& [name, pattern, condition] : expected) {
        INFO("case " << name << ", expected " << pattern << " / " << condition);
        const auto ours = runRemapper(recordedCase(name));
        bool found = false;
        for (const auto& m : ours.report.misses) {
            if (m.pattern == pattern && m.condition == condition) {
                found = true;
                CHECK(!m.nodes.empty());
                CHECK(m.reason.find('\'') != std::string::npos); // names the node
            }
        }
        CHECK(found);
    }
    // A clean fusion reports no miss.
    for (const char* name : { "matmul_bias_relu", "conv_bias_relu", "conv_fbn_relu", "two_layers", "fn_cnn" }) {
        INFO("case " << name);
        CHECK(runRemapper(recordedCase(name)).report.misses.empty());
    }
}

TEST_CASE("remapper: nothing fuses when non-differentiable rewrites are off", "[passes][remapper]") {
    auto graph = loadGraph(recordedCase("fn_mlp")["file"]);
    const int before = graph.node_size();
    graphlens::passes::PassOptions options;
    options.allowNonDifferentiableRewrites = false;
    graphlens::passes::PassReport report;
    graphlens::passes::makeRemapper(graphlens::passes::Target::Cpu)->run(graph, options, report);
    CHECK(graph.node_size() == before);
    CHECK(report.count(graphlens::passes::ChangeKind::Fused) == 0);
}

TEST_CASE("remapper, elementwise fusion and GPU layout keep the recorded graphs valid", "[passes][remapper][layout]") {
    size_t elementwise = 0, transposes = 0;
    for (const auto& c : recorded()["cases"]) {
        INFO("case " << c["name"].get<std::string>());
        auto graph = loadGraph(c["file"]);
        const auto before = graphlens::passes::validate(graph);
        graphlens::passes::PassOptions options;
        for (const auto& f : c["fetches"]) options.fetches.push_back(f);
        for (auto target : { graphlens::passes::Target::Gpu, graphlens::passes::Target::Cpu }) {
            auto g = graph;
            options.target = target;
            std::vector<std::unique_ptr<graphlens::passes::Pass>> passes;
            passes.push_back(graphlens::passes::makeLayoutOptimizer(target));
            passes.push_back(graphlens::passes::makeRemapper(target));
            passes.push_back(graphlens::passes::makeElementwiseFusion());
            for (auto& pass : passes) {
                graphlens::passes::PassReport report;
                pass->run(g, options, report);
                std::vector<std::string> added;
                for (const auto& p : graphlens::passes::validate(g))
                    if (std::find(before.begin(), before.end(), p) == before.end()) added.push_back(p);
                INFO("after " << pass->name() << ": " << (added.empty() ? "" : added.front()));
                CHECK(added.empty());
                if (pass->name() == "elementwise_fusion")
                    elementwise += static_cast<size_t>(report.count(graphlens::passes::ChangeKind::Fused));
                if (pass->name() == "layout")
                    transposes += static_cast<size_t>(report.count(graphlens::passes::ChangeKind::Added));
            }
        }
    }
    CHECK(elementwise > 50); // the LSTM and GRU cells are chains of Add/Mul/Sigmoid/Tanh
    CHECK(transposes > 0);   // the CNNs switch to NCHW for the GPU
}
