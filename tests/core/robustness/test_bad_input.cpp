// Hostile and corrupted input: every load either succeeds (possibly with warnings) or throws a FormatError
// naming the file. Never a crash, a hang, std::bad_alloc or another exception type, and never a huge
// allocation. Covers mutated copies of every fixture, hand-built hostile graphs, and the CLI's exit codes.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/text_format.h>
#include <google/protobuf/util/message_differencer.h>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

#include "cli_run.h"
#include "core/graph/export.h"
#include "core/graph/io/model_loader.h"
#include "core/graph/io/tensor_value.h"
#include "core/proto/graph.pb.h"
#include "core/util/error.h"
#include "fixtures.h"

namespace fs = std::filesystem;
using graphlens::FormatError;
using graphlens::graph::Model;

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// Loads over this many seconds count as hangs (generous: the sanitizer build is ~10x slower).
constexpr double kMaxLoadSeconds = kSanitized ? 60.0 : 10.0;

using graphlens::test::TempDir;

using graphlens::test::readFile;
using graphlens::test::writeFile;

long peakRssMb() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss / 1024; // ru_maxrss is in KiB on Linux
}

enum class Outcome { Loaded, Rejected };

// Loads `path`; fails the test for anything but success or a FormatError whose message names a file under
// `expectedInMessage`.
Outcome loadOrReject(const std::string& path, const std::string& label, const std::string& expectedInMessage,
                     std::shared_ptr<const Model>* loaded = nullptr) {
    INFO(label);
    const auto start = std::chrono::steady_clock::now();
    Outcome outcome = Outcome::Loaded;
    try {
        auto model = graphlens::io::loadModel(path);
        if (loaded) *loaded = model;
    } catch (const FormatError& e) {
        const std::string what = e.what();
        INFO("FormatError: " << what);
        CHECK(what.find(expectedInMessage) != std::string::npos);
        CHECK(!e.message().empty());
        outcome = Outcome::Rejected;
    } catch (const std::bad_alloc&) {
        FAIL("std::bad_alloc");
    } catch (const std::exception& e) {
        FAIL("unexpected exception type: " << e.what());
    } catch (...) {
        FAIL("unexpected non-std exception");
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds < kMaxLoadSeconds);
    return outcome;
}

// The mutations of one file's bytes: truncations, bit flips, 16-byte overwrites, and random bytes.
struct Variant {
    std::string label;
    std::string data;
};

std::vector<Variant> variantsOf(const std::string& original, uint64_t seed) {
    std::vector<Variant> out;
    const size_t n = original.size();
    const bool big = n > (1u << 20);
    // Big files load in tens of milliseconds each; fewer variants keep the suite within its time budget.
    const int flips = big ? 6 : 30;
    const int overwrites = big ? 3 : 10;

    std::vector<size_t> cuts = { 0, 1, 7, n / 2, n > 0 ? n - 1 : 0 };
    const std::vector<double> spread = big
        ? std::vector<double>{ 0.01, 0.25, 0.9 }
        : std::vector<double>{ 0.001, 0.01, 0.05, 0.1, 0.2, 0.3, 0.4, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99 };
    for (double f : spread) cuts.push_back(static_cast<size_t>(static_cast<double>(n) * f));
    cuts.push_back(n > 16 ? n - 16 : 0);
    cuts.push_back(n > 3 ? n - 3 : 0);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    for (size_t cut : cuts) {
        if (cut >= n && n > 0) continue;
        out.push_back({ "truncated to " + std::to_string(cut) + " bytes", original.substr(0, cut) });
    }
    if (n == 0) return out;

    std::mt19937_64 rng(seed);
    for (int i = 0; i < flips; ++i) {
        const size_t pos = rng() % n;
        const int bit = static_cast<int>(rng() % 8);
        std::string data = original;
        data[pos] = static_cast<char>(static_cast<unsigned char>(data[pos]) ^ (1u << bit));
        out.push_back(
            { "bit " + std::to_string(bit) + " of byte " + std::to_string(pos) + " flipped", std::move(data) });
    }
    for (int i = 0; i < overwrites; ++i) {
        const size_t pos = rng() % n;
        std::string data = original;
        for (size_t k = pos; k < std::min(n, pos + 16); ++k) data[k] = static_cast<char>(rng() & 0xff);
        out.push_back({ "16 random bytes at " + std::to_string(pos), std::move(data) });
    }
    std::string random(n, '\0');
    for (auto& c : random) c = static_cast<char>(rng() & 0xff);
    out.push_back({ "random bytes", std::move(random) });
    return out;
}

uint64_t seedOf(const std::string& name) {
    uint64_t h = 1469598103934665603ull; // FNV-1a: fixed per file, independent of walk order
    for (unsigned char c : name) h = (h ^ c) * 1099511628211ull;
    return h;
}

// ---- helpers for hand-built graphs ----

tensorflow::NodeDef* addNode(tensorflow::GraphDef& g, const std::string& name, const std::string& op,
                             std::vector<std::string> inputs = {}) {
    auto* n = g.add_node();
    n->set_name(name);
    n->set_op(op);
    for (auto& i : inputs) n->add_input(i);
    return n;
}

void setFuncAttr(tensorflow::NodeDef* node, const std::string& function) {
    (*node->mutable_attr())["f"].mutable_func()->set_name(function);
}

tensorflow::FunctionDef* addFunction(tensorflow::GraphDef& g, const std::string& name) {
    auto* f = g.mutable_library()->add_function();
    f->mutable_signature()->set_name(name);
    return f;
}

tensorflow::NodeDef* addCall(tensorflow::FunctionDef* f, const std::string& name, const std::string& op,
                             const std::string& callee) {
    auto* n = f->add_node_def();
    n->set_name(name);
    n->set_op(op);
    setFuncAttr(n, callee);
    return n;
}

std::string writeGraph(const TempDir& dir, const std::string& name, const tensorflow::GraphDef& g) {
    const std::string path = dir / name;
    std::string bytes;
    REQUIRE(g.SerializeToString(&bytes));
    writeFile(path, bytes);
    return path;
}

bool anyContains(const std::vector<std::string>& warnings, const std::string& what) {
    for (const auto& w : warnings)
        if (w.find(what) != std::string::npos) return true;
    return false;
}

std::string warningsText(const std::vector<std::string>& warnings) {
    std::string out;
    for (const auto& w : warnings) out += "  " + w + "\n";
    return out;
}

// Protobuf wire helpers for raw messages.
void putVarint(std::string& out, uint64_t v) {
    while (v >= 0x80) {
        out.push_back(static_cast<char>((v & 0x7f) | 0x80));
        v >>= 7;
    }
    out.push_back(static_cast<char>(v));
}
std::string varint(uint64_t v) {
    std::string s;
    putVarint(s, v);
    return s;
}
std::string lengthDelimited(uint32_t field, const std::string& payload) {
    return varint((uint64_t{ field } << 3) | 2) + varint(payload.size()) + payload;
}

// An AttrValue nested `depth` times: AttrValue.func(10) -> NameAttrList.attr(2) -> entry.value(2) -> AttrValue...
// Built back to front in a reversed buffer, so it is linear in the depth.
std::string deeplyNestedAttrValue(int depth) {
    std::string rev; // reversed bytes
    auto prependRaw = [&](const std::string& bytes) { rev.append(bytes.rbegin(), bytes.rend()); };
    prependRaw(lengthDelimited(2, "x")); // innermost AttrValue: s = "x"
    for (int i = 0; i < depth; ++i) {
        // entry { key: "k" value: <AttrValue> }
        size_t len = rev.size(); // AttrValue size
        prependRaw(varint(len));
        prependRaw(varint((2u << 3) | 2));
        prependRaw(lengthDelimited(1, "k"));
        len = rev.size(); // entry size
        prependRaw(varint(len));
        prependRaw(varint((2u << 3) | 2)); // NameAttrList.attr
        len = rev.size();                  // NameAttrList size
        prependRaw(varint(len));
        prependRaw(varint((10u << 3) | 2)); // AttrValue.func
    }
    return std::string(rev.rbegin(), rev.rend());
}

} // namespace

// -------------------------------------------------------------------------------------------------
// 1. Mutated copies of every fixture.

TEST_CASE("corrupted fixtures load or fail with a FormatError", "[robustness][fuzz]") {
    const fs::path root(GRAPHLENS_FIXTURES_DIR);
    REQUIRE(fs::is_directory(root));
    const auto start = std::chrono::steady_clock::now();
    const google::protobuf::LogSilencer quiet; // corrupted strings make protobuf log invalid UTF-8

    std::vector<fs::path> savedModelDirs;
    std::vector<fs::path> singleFiles;
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (entry.is_directory() && fs::exists(entry.path() / "saved_model.pb")) savedModelDirs.push_back(entry.path());
    }
    auto insideSavedModel = [&](const fs::path& p) {
        for (const auto& d : savedModelDirs) {
            const auto rel = fs::relative(p, d);
            if (!rel.empty() && rel.native()[0] != '.') return true;
        }
        return false;
    };
    for (const auto& entry : fs::recursive_directory_iterator(root)) {
        if (!entry.is_regular_file() || entry.path().filename() == "SOURCES.tsv") continue;
        if (!insideSavedModel(entry.path())) singleFiles.push_back(entry.path());
    }
    std::sort(savedModelDirs.begin(), savedModelDirs.end());
    std::sort(singleFiles.begin(), singleFiles.end());
    REQUIRE(savedModelDirs.size() >= 10);
    REQUIRE(singleFiles.size() >= 20);

    size_t loads = 0, rejected = 0;
    // SavedModel directories: corrupt one member at a time in a copy of the directory.
    for (const auto& dir : savedModelDirs) {
        TempDir tmp;
        const fs::path copy = tmp.path() / dir.filename();
        fs::copy(dir, copy, fs::copy_options::recursive);
        for (const char* member : { "saved_model.pb", "variables/variables.index",
                                    "variables/variables.data-00000-of-00001", "fingerprint.pb" }) {
            const fs::path target = copy / member;
            if (!fs::exists(target)) continue;
            const std::string original = readFile(target);
            const std::string name = fs::relative(dir, root).string() + "/" + member;
            for (const auto& v : variantsOf(original, seedOf(name))) {
                writeFile(target, v.data);
                if (loadOrReject(copy.string(), name + ": " + v.label, tmp.path().string()) == Outcome::Rejected)
                    ++rejected;
                ++loads;
            }
            writeFile(target, original);
        }
    }
    // Single files: corrupt the file in a copy of its directory (siblings such as .meta / .data stay intact).
    for (const auto& file : singleFiles) {
        TempDir tmp;
        for (const auto& sibling : fs::directory_iterator(file.parent_path()))
            if (sibling.is_regular_file()) fs::copy_file(sibling.path(), tmp.path() / sibling.path().filename());
        const fs::path target = tmp.path() / file.filename();
        const std::string original = readFile(target);
        const std::string name = fs::relative(file, root).string();
        for (const auto& v : variantsOf(original, seedOf(name))) {
            writeFile(target, v.data);
            if (loadOrReject(target.string(), name + ": " + v.label, tmp.path().string()) == Outcome::Rejected)
                ++rejected;
            ++loads;
        }
    }
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    WARN("fuzzed " << loads << " loads (" << rejected << " rejected) of " << savedModelDirs.size()
                   << " SavedModels and " << singleFiles.size() << " files in " << seconds << " s; peak RSS "
                   << peakRssMb() << " MB");
    CHECK(rejected > loads / 4); // the mutations do reach the parsers
    if (!kSanitized) CHECK(peakRssMb() < 1024);
}

// -------------------------------------------------------------------------------------------------
// 2. Hand-built hostile graphs.

TEST_CASE("recursive function references load with a warning", "[robustness]") {
    TempDir tmp;
    tensorflow::GraphDef g;
    addCall(addFunction(g, "f"), "call_g", "PartitionedCall", "g");
    addCall(addFunction(g, "g"), "call_f", "PartitionedCall", "f");
    addCall(addFunction(g, "self"), "again", "StatefulPartitionedCall", "self");
    auto* leafNode = addFunction(g, "leaf")->add_node_def();
    leafNode->set_name("c");
    leafNode->set_op("NoOp");
    setFuncAttr(addNode(g, "main_call", "StatefulPartitionedCall"), "f");
    setFuncAttr(addNode(g, "self_call", "PartitionedCall"), "self");
    const std::string path = writeGraph(tmp, "recursive.pb", g);

    const auto model = graphlens::io::loadModel(path);
    REQUIRE(model->metaGraphs.size() == 1);
    const auto& lib = model->metaGraphs[0].library;
    INFO(warningsText(model->warnings));
    CHECK(anyContains(model->warnings, "recursi"));
    CHECK(lib.isRecursive(lib.indexOf("f")));
    CHECK(lib.isRecursive(lib.indexOf("g")));
    CHECK(lib.isRecursive(lib.indexOf("self")));
    CHECK_FALSE(lib.isRecursive(lib.indexOf("leaf")));
    CHECK(lib.functions()[static_cast<size_t>(lib.indexOf("f"))].topLevelCallSites == 1);
    // Export of the model still works.
    CHECK(graphlens::graph::toGraphDef(model->metaGraphs[0]).library().function_size() == 4);
}

namespace {
tensorflow::GraphDef callChain(int length) {
    tensorflow::GraphDef g;
    for (int i = 0; i < length; ++i) {
        auto* f = addFunction(g, "fn_" + std::to_string(i));
        if (i + 1 < length) addCall(f, "call", "StatefulPartitionedCall", "fn_" + std::to_string(i + 1));
        else {
            auto* leaf = f->add_node_def();
            leaf->set_name("leaf");
            leaf->set_op("NoOp");
        }
    }
    setFuncAttr(addNode(g, "entry", "StatefulPartitionedCall"), "fn_0");
    return g;
}
} // namespace

TEST_CASE("deep call chains are measured without recursion", "[robustness]") {
    TempDir tmp;
    {
        const auto model = graphlens::io::loadModel(writeGraph(tmp, "chain50.pb", callChain(50)));
        const auto& lib = model->metaGraphs[0].library;
        REQUIRE(lib.functions().size() == 50);
        CHECK(lib.nestingDepth(lib.indexOf("fn_0")) == 49);
        CHECK(lib.nestingDepth(lib.indexOf("fn_49")) == 0);
        CHECK_FALSE(lib.isRecursive(lib.indexOf("fn_0")));
        CHECK(model->warnings.empty());
    }
    {
        const int length = 100000;
        const std::string path = writeGraph(tmp, "chain100k.pb", callChain(length));
        const auto start = std::chrono::steady_clock::now();
        const auto model = graphlens::io::loadModel(path);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const auto& lib = model->metaGraphs[0].library;
        REQUIRE(lib.functions().size() == static_cast<size_t>(length));
        CHECK(lib.nestingDepth(lib.indexOf("fn_0")) == length - 1);
        CHECK(seconds < (kSanitized ? 120.0 : 20.0));
        WARN("100000-deep call chain loaded in " << seconds << " s");
    }
}

TEST_CASE("huge declared tensors are not allocated", "[robustness]") {
    TempDir tmp;
    tensorflow::GraphDef g;
    auto* c = addNode(g, "huge_const", "Const");
    (*c->mutable_attr())["dtype"].set_type(tensorflow::DT_FLOAT);
    auto* tensor = (*c->mutable_attr())["value"].mutable_tensor();
    tensor->set_dtype(tensorflow::DT_FLOAT);
    tensor->mutable_tensor_shape()->add_dim()->set_size(1000000);
    tensor->mutable_tensor_shape()->add_dim()->set_size(1000000);
    tensor->add_float_val(1.0f);
    auto* v = addNode(g, "huge_var", "VarHandleOp");
    (*v->mutable_attr())["dtype"].set_type(tensorflow::DT_FLOAT);
    auto* shape = (*v->mutable_attr())["shape"].mutable_shape();
    shape->add_dim()->set_size(1000000);
    shape->add_dim()->set_size(1000000);
    (*v->mutable_attr())["shared_name"].set_s("huge_var");
    auto* s = addNode(g, "huge_strings", "Const");
    (*s->mutable_attr())["dtype"].set_type(tensorflow::DT_STRING);
    auto* st = (*s->mutable_attr())["value"].mutable_tensor();
    st->set_dtype(tensorflow::DT_STRING);
    st->mutable_tensor_shape()->add_dim()->set_size(int64_t{ 1 } << 40);
    st->add_string_val(std::string(1000, 'x'));
    addNode(g, "read", "ReadVariableOp", { "huge_var" });
    // A variable whose shape overflows int64.
    auto* o = addNode(g, "overflow_var", "VariableV2");
    (*o->mutable_attr())["dtype"].set_type(tensorflow::DT_FLOAT);
    auto* os = (*o->mutable_attr())["shape"].mutable_shape();
    for (int i = 0; i < 4; ++i) os->add_dim()->set_size(int64_t{ 1 } << 40);
    const std::string path = writeGraph(tmp, "huge.pb", g);

    const long before = peakRssMb();
    const auto model = graphlens::io::loadModel(path);
    REQUIRE(model->metaGraphs.size() == 1);
    const auto& meta = model->metaGraphs[0];
    REQUIRE(meta.variables.size() == 2);
    for (const auto& var : meta.variables) {
        INFO(var.name);
        CHECK(var.checkpointKey.empty()); // no checkpoint
        CHECK(var.bytes > 0);             // 4e12 bytes, or saturated for the overflowing shape
    }

    const graphlens::io::TensorValue value =
        graphlens::io::tensorFromProto(*tensor, path, "node huge_const", int64_t{ 1 } << 26);
    CHECK(value.tooLarge);
    CHECK(value.data.empty());
    CHECK(value.numElements() == int64_t{ 1000000 } * 1000000);
    const graphlens::io::TensorValue strings =
        graphlens::io::tensorFromProto(*st, path, "node huge_strings", int64_t{ 1 } << 62);
    CHECK(strings.tooLarge);
    CHECK(strings.strings.empty());

    tensorflow::TensorProto overflow;
    overflow.set_dtype(tensorflow::DT_FLOAT);
    for (int i = 0; i < 4; ++i) overflow.mutable_tensor_shape()->add_dim()->set_size(int64_t{ 1 } << 40);
    overflow.add_float_val(2.0f);
    try {
        const auto ov = graphlens::io::tensorFromProto(overflow, path, "overflow", int64_t{ 1 } << 26);
        CHECK(ov.tooLarge);
    } catch (const FormatError& e) {
        CHECK(std::string(e.what()).find(path) != std::string::npos);
    }
    tensorflow::TensorProto negative;
    negative.set_dtype(tensorflow::DT_FLOAT);
    negative.mutable_tensor_shape()->add_dim()->set_size(-5);
    CHECK_THROWS_AS(graphlens::io::tensorFromProto(negative, path, "negative", 100), FormatError);

    const long after = peakRssMb();
    INFO("peak RSS before " << before << " MB, after " << after << " MB");
    if (!kSanitized) CHECK(after < 500);
    CHECK(after - before < 200);
}

TEST_CASE("illegal cycles are flagged, TF1 while loops are not", "[robustness]") {
    TempDir tmp;
    tensorflow::GraphDef g;
    addNode(g, "a", "Identity", { "c" });
    addNode(g, "b", "Identity", { "a" });
    addNode(g, "c", "Identity", { "b" });
    addNode(g, "outside", "Identity", { "c:0" });
    const auto model = graphlens::io::loadModel(writeGraph(tmp, "cycle.pb", g));
    CHECK(model->metaGraphs[0].graph.hasIllegalCycle());
    INFO(warningsText(model->warnings));
    CHECK(anyContains(model->warnings, "cycle"));

    const auto loop = graphlens::io::loadModel(graphlens::test::fixture("tf_grappler_pbtxt/while_loop.pbtxt"));
    CHECK_FALSE(loop->metaGraphs[0].graph.hasIllegalCycle());
    CHECK_FALSE(anyContains(loop->warnings, "cycle"));
    CHECK_FALSE(loop->metaGraphs[0].graph.frames().empty());
    const auto nested = graphlens::io::loadModel(graphlens::test::fixture("tf_grappler_pbtxt/nested_loop.pbtxt"));
    CHECK_FALSE(nested->metaGraphs[0].graph.hasIllegalCycle());
}

TEST_CASE("dangling inputs and duplicate names give warnings", "[robustness]") {
    TempDir tmp;
    tensorflow::GraphDef g;
    addNode(g, "a", "NoOp");
    addNode(g, "b", "Identity", { "missing:0", "^also_missing" });
    addNode(g, "a", "NoOp");                                   // duplicate
    addNode(g, "c", "Identity", { "a:99999999999999999999" }); // port that does not fit an int
    const auto model = graphlens::io::loadModel(writeGraph(tmp, "dangling.pb", g));
    INFO(warningsText(model->warnings));
    CHECK(anyContains(model->warnings, "missing"));
    CHECK(anyContains(model->warnings, "duplicate node name 'a'"));
    CHECK(model->metaGraphs[0].graph.size() == 4);
}

TEST_CASE("text format syntax errors name the line", "[robustness]") {
    TempDir tmp;
    const std::string path = tmp / "broken.pbtxt";
    writeFile(path,
              "node {\n"
              "  name: \"a\"\n"
              "  op: \"Const\"\n"
              "}\n"
              "node {\n"
              "  name: \"b\"\n"
              "  op: \"Identity\" input: \"a\" }}\n"
              "}\n");
    try {
        graphlens::io::loadModel(path);
        FAIL("broken text loaded");
    } catch (const FormatError& e) {
        INFO(e.what());
        CHECK(std::string(e.what()).find(path) != std::string::npos);
        CHECK(std::string(e.what()).find("line 7") != std::string::npos);
    }
}

TEST_CASE("deeply nested protobufs are rejected cleanly", "[robustness]") {
    TempDir tmp;
    const int depth = 10000;
    // Binary: node { name: "n" op: "Const" attr { key: "value" value: <AttrValue nested 10000 deep> } }
    const std::string attrEntry = lengthDelimited(1, "value") + lengthDelimited(2, deeplyNestedAttrValue(depth));
    const std::string node = lengthDelimited(1, "n") + lengthDelimited(2, "Const") + lengthDelimited(5, attrEntry);
    const std::string graph = lengthDelimited(1, node);
    const std::string binaryPath = tmp / "deep.pb";
    writeFile(binaryPath, graph);
    CHECK(loadOrReject(binaryPath, "binary nested 10000 deep", binaryPath) == Outcome::Rejected);

    // The same bytes as a MetaGraphDef's graph_def (field 2) and wrapped in a SavedModel directory.
    const std::string meta = lengthDelimited(2, graph);
    const std::string metaPath = tmp / "deep.meta";
    writeFile(metaPath, meta);
    CHECK(loadOrReject(metaPath, "meta graph nested 10000 deep", metaPath) == Outcome::Rejected);
    fs::create_directory(tmp.path() / "saved");
    writeFile(tmp.path() / "saved" / "saved_model.pb", varint(8) + varint(1) + lengthDelimited(2, meta));
    CHECK(loadOrReject(tmp / "saved", "SavedModel nested 10000 deep", tmp / "saved") == Outcome::Rejected);

    // Text format: node { attr { key: "k" value { func { attr { key: "k" value { func { ... }}}}}}}
    std::string text = "node {\n name: \"n\"\n op: \"Const\"\n attr { key: \"k\" value {";
    for (int i = 0; i < depth; ++i) text += " func { name: \"f\" attr { key: \"k\" value {";
    text += " s: \"x\"";
    for (int i = 0; i < depth; ++i) text += " } } }";
    text += " } }\n}\n";
    const std::string textPath = tmp / "deep.pbtxt";
    writeFile(textPath, text);
    loadOrReject(textPath, "text nested 10000 deep", textPath);

    // Deep name scopes: one node whose name has 20000 path segments.
    tensorflow::GraphDef scopes;
    std::string name;
    for (int i = 0; i < 20000; ++i) name += "s/";
    addNode(scopes, name + "leaf", "NoOp");
    std::shared_ptr<const Model> model;
    REQUIRE(loadOrReject(writeGraph(tmp, "scopes.pb", scopes), "deep scopes", tmp.path().string(), &model) ==
            Outcome::Loaded);
    CHECK(model->metaGraphs[0].graph.scopes().size() <= 1000);
    CHECK(anyContains(model->warnings, "scope"));
    const std::string dot = graphlens::graph::toDot(model->metaGraphs[0].graph, "deep");
    CHECK(dot.size() < 10'000'000);
}

TEST_CASE("unreadable paths give clear errors", "[robustness]") {
    TempDir tmp;
    auto expectError = [](const std::string& path, const std::string& words) {
        INFO(path);
        try {
            graphlens::io::loadModel(path);
            FAIL("loaded");
        } catch (const FormatError& e) {
            INFO(e.what());
            CHECK(std::string(e.what()).find(path) != std::string::npos);
            CHECK(std::string(e.what()).find(words) != std::string::npos);
        }
    };
    const std::string empty = tmp / "empty.pb";
    writeFile(empty, "");
    expectError(empty, "empty");
    fs::create_directory(tmp.path() / "not_a_saved_model");
    writeFile(tmp.path() / "not_a_saved_model" / "readme.txt", "hello");
    expectError(tmp / "not_a_saved_model", "saved_model.pb");
    expectError(tmp / "does_not_exist.pb", "no such file");
    const std::string zeros = tmp / "zeros.pb";
    writeFile(zeros, std::string(1 << 20, '\0'));
    expectError(zeros, "not a TensorFlow model");
    const std::string text = tmp / "prose.txt";
    writeFile(text, "This is just some prose, not a protobuf.\n");
    expectError(text, "not a valid text");
}

// -------------------------------------------------------------------------------------------------
// 3. The CLI.

namespace {

using graphlens::test::cliPath;
using graphlens::test::runCli;

bool haveCli() {
    if (fs::exists(cliPath())) return true;
    WARN("graphlens-cli not found at " << cliPath() << "; build it to run the CLI tests");
    return false;
}

} // namespace

TEST_CASE("CLI exit codes", "[robustness][cli]") {
    if (!haveCli()) return;
    TempDir tmp;
    const std::string good = graphlens::test::fixture("tf2onnx_regression/graphdef/frozen.pb");
    {
        const auto r = runCli(tmp, { "inspect", good });
        INFO(r.err);
        CHECK(r.exitCode == 0);
        CHECK_FALSE(r.out.empty());
    }
    {
        const std::string missing = tmp / "missing.pb";
        const auto r = runCli(tmp, { "inspect", missing });
        CHECK(r.exitCode == 2);
        CHECK(r.err.find(missing) != std::string::npos);
    }
    {
        const std::string corrupt = tmp / "corrupt.pb";
        std::string bytes = readFile(good);
        bytes.resize(bytes.size() / 2);
        bytes[3] = '\xff';
        writeFile(corrupt, bytes + std::string(100, '\x07'));
        const auto r = runCli(tmp, { "inspect", corrupt });
        INFO(r.err);
        CHECK(r.exitCode == 2);
        CHECK(r.err.find(corrupt) != std::string::npos);
        const auto e = runCli(tmp, { "export", corrupt, "--format", "dot", "-o", tmp / "x.dot" });
        CHECK(e.exitCode == 2);
        CHECK(e.err.find(corrupt) != std::string::npos);
    }
    // inspect, export and optimize read their arguments one way (app/cli/command_line.h): the
    // same mistakes give the same words, and a usage line.
    for (const char* command : { "inspect", "export", "optimize" }) {
        INFO(command);
        const auto unknown = runCli(tmp, { command, good, "--no-such-option" });
        CHECK(unknown.exitCode == 2);
        CHECK(unknown.err.find("unknown option '--no-such-option'") != std::string::npos);
        CHECK(unknown.err.find("usage: graphlens-cli " + std::string(command)) != std::string::npos);
        const auto twice = runCli(tmp, { command, good, good });
        CHECK(twice.exitCode == 2);
        CHECK(twice.err.find("more than one ") != std::string::npos);
        const auto none = runCli(tmp, { command });
        CHECK(none.exitCode == 2);
        CHECK(none.err.find(" given") != std::string::npos);
    }
    {
        const auto r = runCli(tmp, { "export", good, "--format" });
        CHECK(r.exitCode == 2);
        CHECK(r.err.find("--format needs a value") != std::string::npos);
        const auto o = runCli(tmp, { "optimize", good, "--json" });
        CHECK(o.exitCode == 2);
        CHECK(o.err.find("--json needs a file name") != std::string::npos);
    }
    CHECK(runCli(tmp, { "frobnicate" }).exitCode == 2);
    CHECK(runCli(tmp, {}).exitCode == 2);

    // run: malformed option values are usage errors, never an abort; what follows the script
    // is the script's own argv.
    const std::string script = tmp / "argv.py";
    writeFile(script, "import sys\nprint(sys.argv[1:])\n");
    for (const std::vector<std::string>& bad : { std::vector<std::string>{ "run", "--max-steps", "abc", script },
                                                 { "run", "--max-steps", "-5", script },
                                                 { "run", "--timeout", "1e999999", script },
                                                 { "run", "--timeout", "soon", script } }) {
        const auto r = runCli(tmp, bad);
        INFO(bad[1] << " " << bad[2] << "\n" << r.err);
        CHECK(r.exitCode == 2);
        CHECK(r.err.find("invalid value '" + bad[2] + "' for " + bad[1]) != std::string::npos);
    }
    {
        const auto r = runCli(tmp, { "run", "--timeout", "30", script, "-v", "x", "--max-stepsize" });
        INFO(r.err);
        CHECK(r.exitCode == 0);
        CHECK(r.out == "['-v', 'x', '--max-stepsize']\n");
    }

    for (const std::string& fixture :
         { std::string("tf2onnx_regression/graphdef/frozen.pb"), std::string("serving_half_plus_two_tf2_cpu"),
           std::string("tf_grappler_pbtxt/while_loop.pbtxt") }) {
        const auto r = runCli(tmp, { "inspect", graphlens::test::fixture(fixture), "--json" });
        INFO(fixture << "\n" << r.err);
        CHECK(r.exitCode == 0);
        nlohmann::json j;
        REQUIRE_NOTHROW(j = nlohmann::json::parse(r.out));
        for (const char* key : { "schema", "format", "meta_graphs", "warnings" }) CHECK(j.contains(key));
        CHECK(j["meta_graphs"].is_array());
        CHECK(j["warnings"].is_array());
    }
}

// Options before the script, the script's own after it (as `python`); one of ours after the
// script is refused rather than silently handed to the script, unless `--` separates them.
TEST_CASE("CLI run: options before the script, ours after it refused", "[robustness][cli]") {
    if (!haveCli()) return;
    TempDir tmp;
    const std::string script = tmp / "argv.py";
    writeFile(script, "import sys\nprint(sys.argv[1:])\n");
    for (const std::string option :
         { "--timeout", "--max-steps", "--eager", "--trace-log", "--export", "--timeout=5" }) {
        const auto r = runCli(tmp, { "run", script, "a", option, "5" });
        INFO(option << "\n" << r.out << r.err);
        CHECK(r.exitCode == 2);
        CHECK(r.out.empty()); // the script did not run
        const std::string name = option.substr(0, option.find('='));
        CHECK(r.err.find(name + " comes after the script") != std::string::npos);
        CHECK(r.err.find("put it before the script") != std::string::npos);
        CHECK(r.err.find("-- " + option) != std::string::npos);
    }
    {
        const auto r = runCli(tmp, { "run", script, "--", "--timeout", "5", "--", "-x" });
        INFO(r.err);
        CHECK(r.exitCode == 0);
        CHECK(r.out == "['--timeout', '5', '--', '-x']\n");
    }
    {
        const auto r = runCli(tmp, { "run", script, "a", "--", "--eager" });
        INFO(r.err);
        CHECK(r.exitCode == 0);
        CHECK(r.out == "['a', '--eager']\n");
    }
    {
        const auto usage = runCli(tmp, { "run", "--help" });
        CHECK(usage.exitCode == 0);
        CHECK(usage.out.find("usage: graphlens-cli run [--max-steps N] [--timeout S] [--eager] [--trace-log F.json]") !=
              std::string::npos);
        CHECK(usage.out.find("SCRIPT.py [args...]") != std::string::npos);
    }
    // Options before the script hold: a 1 s timeout and a small step budget end an endless loop.
    const std::string loop = tmp / "loop.py";
    writeFile(loop, "import sys\nprint(sys.argv[1:], flush=True)\nwhile True:\n    pass\n");
    {
        const auto start = std::chrono::steady_clock::now();
        const auto r = runCli(tmp, { "run", "--timeout", "1", loop, "x" });
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        INFO(r.out << r.err);
        CHECK(r.exitCode == 1);
        CHECK(r.out == "['x']\n");
        CHECK(r.err.find("TimeoutError: time limit exceeded (1 s)") != std::string::npos);
        CHECK(seconds < 30);
    }
    {
        const auto r = runCli(tmp, { "run", "--max-steps", "10000", loop });
        INFO(r.out << r.err);
        CHECK(r.exitCode == 1);
        CHECK(r.err.find("step budget exceeded (10000 steps") != std::string::npos);
    }
}

TEST_CASE("CLI export writes every format; pb round-trips", "[robustness][cli]") {
    if (!haveCli()) return;
    TempDir tmp;
    for (const std::string& fixture :
         { std::string("tf2onnx_regression/graphdef/frozen.pb"), std::string("rust_addition/model.pb"),
           std::string("cr_examples_graph_pair/graph.pb") }) {
        const std::string input = graphlens::test::fixture(fixture);
        for (const char* format : { "dot", "svg", "pbtxt", "pb" }) {
            const std::string out = tmp / (std::string("out.") + format);
            fs::remove(out);
            const auto r = runCli(tmp, { "export", input, "--format", format, "-o", out });
            INFO(fixture << " as " << format << "\n" << r.err);
            CHECK(r.exitCode == 0);
            REQUIRE(fs::exists(out));
            CHECK(fs::file_size(out) > 0);
        }
        tensorflow::GraphDef original, exported;
        REQUIRE(original.ParseFromString(readFile(input)));
        REQUIRE(exported.ParseFromString(readFile(tmp / "out.pb")));
        std::string report;
        google::protobuf::util::MessageDifferencer differ;
        differ.ReportDifferencesToString(&report);
        const bool same = differ.Compare(original, exported);
        INFO(fixture << " differences:\n" << report);
        CHECK(same);
        CHECK(google::protobuf::util::MessageDifferencer::Equals(original, exported));

        tensorflow::GraphDef fromText;
        REQUIRE(google::protobuf::TextFormat::ParseFromString(readFile(tmp / "out.pbtxt"), &fromText));
        CHECK(google::protobuf::util::MessageDifferencer::Equals(original, fromText));
    }
}

TEST_CASE("unknown fields survive load and export", "[robustness][cli]") {
    if (!haveCli()) return;
    TempDir tmp;
    tensorflow::GraphDef graph;
    REQUIRE(graph.ParseFromString(readFile(graphlens::test::fixture("tf2onnx_regression/graphdef/frozen.pb"))));
    REQUIRE(graph.node_size() > 1);
    // Field 999 (varint 12345) on one NodeDef and on the GraphDef itself, plus a length-delimited field 1000.
    const std::string unknown = varint((999u << 3) | 0) + varint(12345) + lengthDelimited(1000, "opaque");
    {
        std::string nodeBytes;
        REQUIRE(graph.node(1).SerializeToString(&nodeBytes));
        REQUIRE(graph.mutable_node(1)->ParseFromString(nodeBytes + unknown));
        REQUIRE(graph.node(1).GetReflection()->GetUnknownFields(graph.node(1)).field_count() == 2);
    }
    std::string bytes;
    REQUIRE(graph.SerializeToString(&bytes));
    bytes += unknown;
    tensorflow::GraphDef modified;
    REQUIRE(modified.ParseFromString(bytes));
    REQUIRE(modified.GetReflection()->GetUnknownFields(modified).field_count() == 2);
    const std::string input = tmp / "unknown_fields.pb";
    writeFile(input, bytes);

    // The loader keeps the NodeDef's unknown fields in the IR.
    const auto model = graphlens::io::loadModel(input);
    const auto& node = model->metaGraphs[0].graph.node(1).def();
    CHECK(node.GetReflection()->GetUnknownFields(node).field_count() == 2);

    const std::string out = tmp / "exported.pb";
    const auto r = runCli(tmp, { "export", input, "--format", "pb", "-o", out });
    INFO(r.err);
    REQUIRE(r.exitCode == 0);
    tensorflow::GraphDef exported;
    REQUIRE(exported.ParseFromString(readFile(out)));
    std::string report;
    google::protobuf::util::MessageDifferencer differ;
    differ.ReportDifferencesToString(&report);
    const bool same = differ.Compare(modified, exported);
    INFO("differences:\n" << report);
    CHECK(same);
    CHECK(exported.node(1).GetReflection()->GetUnknownFields(exported.node(1)).field_count() == 2);
    CHECK(exported.GetReflection()->GetUnknownFields(exported).field_count() == 2);
}
