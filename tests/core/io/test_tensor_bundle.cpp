// Tensor bundles (V2 checkpoints): values read from real checkpoints, CRC checks, string tensors, and hostile
// bundles (missing shards, lying sizes, 10^12-element shapes) that must throw FormatError without allocating.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

#include "core/graph/io/sstable.h"
#include "core/graph/io/tensor_bundle.h"
#include "core/proto/tensor_bundle.pb.h"
#include "core/proto/trackable_object_graph.pb.h"
#include "core/util/crc32c.h"
#include "fixtures.h"

using namespace graphlens;
using namespace graphlens::io;
namespace fs = std::filesystem;

namespace {

float floatAt(const TensorValue& v, int64_t i) {
    return float(elementAsDouble(v, i));
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    REQUIRE(in.good());
    return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void spit(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
}

struct TempDir {
    fs::path path;
    TempDir() {
        static int counter = 0;
        path = fs::temp_directory_path() /
            ("graphlens_bundle_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        fs::create_directories(path);
    }
    ~TempDir() {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string prefix() const { return (path / "ckpt").string(); }
};

tensorflow::BundleHeaderProto header(int shards = 1) {
    tensorflow::BundleHeaderProto h;
    h.set_num_shards(shards);
    h.mutable_version()->set_producer(1);
    return h;
}

tensorflow::BundleEntryProto entryProto(tensorflow::DataType dtype, const std::vector<int64_t>& shape, int64_t offset,
                                        int64_t size, uint32_t crc) {
    tensorflow::BundleEntryProto e;
    e.set_dtype(dtype);
    for (int64_t d : shape) e.mutable_shape()->add_dim()->set_size(d);
    e.set_offset(offset);
    e.set_size(size);
    e.set_crc32c(crc);
    return e;
}

// Writes <prefix>.index from a header and sorted entries, and the single data shard when given.
void writeBundle(const std::string& prefix, const tensorflow::BundleHeaderProto& h,
                 const std::vector<std::pair<std::string, tensorflow::BundleEntryProto>>& entries,
                 const std::string* data) {
    SSTableWriter w;
    w.add("", h.SerializeAsString());
    for (const auto& [name, e] : entries) w.add(name, e.SerializeAsString());
    spit(prefix + ".index", w.finish());
    if (data) spit(TensorBundle::shardPath(prefix, 0, h.num_shards()), *data);
}

} // namespace

TEST_CASE("serving_saved_model_counter: float scalar counter", "[bundle][fixtures]") {
    const TensorBundle b(test::fixture("serving_saved_model_counter/variables/variables"));
    CHECK(b.numShards() == 1);
    CHECK(b.producerVersion() == 1);
    REQUIRE(b.entries().size() == 1);
    const BundleEntry& e = b.entries()[0];
    CHECK(e.name == "counter");
    CHECK(e.dtype == tensorflow::DT_FLOAT);
    CHECK(e.shape.empty());
    CHECK(e.size == 4);
    CHECK(e.crc32c == 0x3a117ba6u);
    const TensorValue v = b.read("counter");
    CHECK(v.numElements() == 1);
    CHECK(floatAt(v, 0) == 0.0f);
    CHECK(formatElement(v, 0) == "0.0");
    CHECK_FALSE(b.objectGraphBytes().has_value());
}

TEST_CASE("half_plus_two variables a=0.5 b=2.0 c=3.0, plain and Snappy indexes", "[bundle][fixtures]") {
    for (const char* rel : { "tf_half_plus_two/variables/variables", "serving_half_plus_two_cpu/variables/variables",
                             "serving_half_plus_two_mkl/variables/variables" }) {
        INFO(rel);
        const TensorBundle b(test::fixture(rel));
        CHECK(floatAt(b.read("a"), 0) == 0.5f);
        CHECK(floatAt(b.read("b"), 0) == 2.0f);
        CHECK(floatAt(b.read("c"), 0) == 3.0f);
        CHECK(formatElement(b.read("b"), 0) == "2.0");
    }
    const TensorBundle cpu(test::fixture("serving_half_plus_two_cpu/variables/variables"));
    CHECK(floatAt(cpu.read("a2"), 0) == 0.5f);
    CHECK(floatAt(cpu.read("c2"), 0) == 3.0f);
    const TensorBundle mkl(test::fixture("serving_half_plus_two_mkl/variables/variables"));
    const BundleEntry* kernel = mkl.find("conv2d/kernel");
    REQUIRE(kernel);
    CHECK(kernel->shape == std::vector<int64_t>{ 1, 1, 1, 1 });
    CHECK(floatAt(mkl.read("conv2d/kernel"), 0) == Approx(-0.522396).epsilon(1e-5));
}

TEST_CASE("TF2 bundle with Snappy index and object graph", "[bundle][fixtures]") {
    const TensorBundle b(test::fixture("serving_half_plus_two_tf2_cpu/variables/variables.index"));
    CHECK(b.prefix() == test::fixture("serving_half_plus_two_tf2_cpu/variables/variables"));
    REQUIRE(b.entries().size() == 4);
    CHECK(b.entries()[0].name == "_CHECKPOINTABLE_OBJECT_GRAPH");
    CHECK(floatAt(b.read("a/.ATTRIBUTES/VARIABLE_VALUE"), 0) == 0.5f);
    CHECK(floatAt(b.read("b/.ATTRIBUTES/VARIABLE_VALUE"), 0) == 2.0f);
    CHECK(floatAt(b.read("c/.ATTRIBUTES/VARIABLE_VALUE"), 0) == 3.0f);
    const auto bytes = b.objectGraphBytes();
    REQUIRE(bytes.has_value());
    CHECK(bytes->size() == 613);
    tensorflow::TrackableObjectGraph graph;
    REQUIRE(graph.ParseFromString(*bytes));
    CHECK(graph.nodes_size() > 3);
    bool foundA = false;
    for (const auto& node : graph.nodes())
        for (const auto& attr : node.attributes()) foundA |= attr.checkpoint_key() == "a/.ATTRIBUTES/VARIABLE_VALUE";
    CHECK(foundA);
}

TEST_CASE("old_string_tensors: DT_STRING layout and CRCs", "[bundle][fixtures]") {
    const TensorBundle b(test::fixture("tf_bundle_old_string_tensors/foo"));
    REQUIRE(b.entries().size() == 4);
    const TensorValue strs = b.read("strs");
    CHECK(strs.dtype == tensorflow::DT_STRING);
    CHECK(strs.shape == std::vector<int64_t>{ 4 });
    REQUIRE(strs.strings.size() == 4);
    CHECK(strs.strings[0] == "hello");
    CHECK(strs.strings[1].empty());
    CHECK(strs.strings[2] == "x01");
    CHECK(strs.strings[3] == std::string(1024, 'c'));
    CHECK(formatElement(strs, 0) == "b'hello'");
    CHECK(formatElement(strs, 1) == "b''");
    CHECK(b.read("scalar").strings == std::vector<std::string>{ "hello" });
    CHECK(b.read("string_tensor").strings == std::vector<std::string>{ "" });
    const TensorValue floats = b.read("floats");
    CHECK(floats.shape == std::vector<int64_t>{ 2, 3 });
    for (int64_t i = 0; i < 6; ++i) CHECK(floatAt(floats, i) == 16.18f);
    CHECK(formatElement(floats, 5) == "16.18");

    // Corrupting one string byte or one length trips the CRC checks.
    TempDir dir;
    std::string data = slurp(test::fixture("tf_bundle_old_string_tensors/foo.data-00000-of-00001"));
    fs::copy_file(test::fixture("tf_bundle_old_string_tensors/foo.index"), dir.prefix() + ".index");
    data[40] = 'C'; // inside the 1024 'c' of "strs" (its bytes start at 24)
    spit(dir.prefix() + ".data-00000-of-00001", data);
    const TensorBundle damaged(dir.prefix());
    CHECK_THROWS_WITH(damaged.read("strs"), Catch::Contains("CRC mismatch"));
    CHECK(damaged.read("scalar").strings[0] == "hello");
    data[15] = 6; // first length of "strs"
    spit(dir.prefix() + ".data-00000-of-00001", data);
    CHECK_THROWS_WITH(TensorBundle(dir.prefix()).read("strs"), Catch::Contains("length checksum"));
}

TEST_CASE("speech_commands: float[62720,12] read with CRC check", "[bundle][fixtures]") {
    const TensorBundle b(test::fixture("speech_commands_conv_ckpt/conv.ckpt-20400"));
    REQUIRE(b.entries().size() == 7);
    const BundleEntry* e = b.find("Variable_4");
    REQUIRE(e);
    CHECK(e->dtype == tensorflow::DT_FLOAT);
    CHECK(e->shape == std::vector<int64_t>{ 62720, 12 });
    CHECK(e->offset == 696832);
    CHECK(e->size == 3010560);
    const TensorValue v = b.read("Variable_4");
    CHECK(v.numElements() == 752640);
    CHECK(v.data.size() == 3010560);
    CHECK(floatAt(v, 0) == Approx(-0.0159517).epsilon(1e-5));
    const TensorValue step = b.read("global_step");
    CHECK(step.dtype == tensorflow::DT_INT64);
    CHECK(formatElement(step, 0) == "20401");
    // Over the caller's byte limit: flagged, nothing read.
    const TensorValue limited = b.read("Variable_4", 1 << 20);
    CHECK(limited.tooLarge);
    CHECK(limited.data.empty());
    CHECK_FALSE(limited.hasValues());
}

TEST_CASE("tfx estimator checkpoint and path forms", "[bundle][fixtures]") {
    const std::string prefix = test::fixture("tfx_estimator_model_dir/model.ckpt-1000");
    for (const std::string& path : { prefix, prefix + ".index", prefix + ".data-00000-of-00001" }) {
        const TensorBundle b(path);
        CHECK(b.prefix() == prefix);
        CHECK(b.entries().size() == 60);
        CHECK(formatElement(b.read("global_step"), 0) == "1000");
    }
    CHECK(TensorBundle::prefixFromPath("/a/b/variables.data-00003-of-00010") == "/a/b/variables");
    CHECK(TensorBundle::prefixFromPath("/a/b/model.ckpt-10") == "/a/b/model.ckpt-10");
    CHECK(TensorBundle::shardPath("p", 2, 10) == "p.data-00002-of-00010");
}

TEST_CASE("V1 checkpoints (SavedTensorSlices) are read", "[bundle][fixtures]") {
    // Values as TensorFlow reads them (tests/data/expected/fixtures.json): a = 0.5, b = 2.0.
    TensorBundle b(test::fixture("serving_session_bundle_half_plus_two/export-00000-of-00001"));
    CHECK(b.isV1());
    REQUIRE(b.entries().size() == 2);
    CHECK(b.entries()[0].name == "a");
    CHECK(b.entries()[1].name == "b");
    CHECK(b.entries()[0].dtype == tensorflow::DT_FLOAT);
    CHECK(b.entries()[0].shape.empty());
    const TensorValue a = b.read("a");
    const TensorValue bv = b.read("b");
    REQUIRE(a.numElements() == 1);
    CHECK(elementAsDouble(a, 0) == 0.5);
    CHECK(elementAsDouble(bv, 0) == 2.0);
}

TEST_CASE("missing shards, damaged data and lying entries throw FormatError", "[bundle][hostile]") {
    TempDir dir;
    const std::string prefix = dir.prefix();
    const std::string four(4, '\0');
    const uint32_t crc = maskCrc(crc32c(four.data(), 4));

    writeBundle(prefix, header(), { { "x", entryProto(tensorflow::DT_FLOAT, {}, 0, 4, crc) } }, nullptr);
    const TensorBundle noShard(prefix);
    try {
        noShard.read("x");
        FAIL("expected FormatError");
    } catch (const FormatError& e) {
        CHECK(e.file() == prefix + ".data-00000-of-00001");
    }
    CHECK_THROWS_WITH(noShard.read("nope"), Catch::Contains("no such tensor"));

    writeBundle(prefix, header(), { { "x", entryProto(tensorflow::DT_FLOAT, {}, 0, 4, crc ^ 1) } }, &four);
    CHECK_THROWS_WITH(TensorBundle(prefix).read("x"), Catch::Contains("CRC mismatch"));

    writeBundle(prefix, header(), { { "x", entryProto(tensorflow::DT_FLOAT, {}, 2, 4, crc) } }, &four);
    CHECK_THROWS_WITH(TensorBundle(prefix).read("x"), Catch::Contains("runs past the end"));

    writeBundle(prefix, header(), { { "x", entryProto(tensorflow::DT_FLOAT, { 2 }, 0, 4, crc) } }, &four);
    CHECK_THROWS_WITH(TensorBundle(prefix).read("x"), Catch::Contains("does not match"));

    // 10^12 declared elements: never allocated, whatever the byte limit.
    const int64_t tera = 1000000000000;
    writeBundle(prefix, header(), { { "x", entryProto(tensorflow::DT_FLOAT, { 1000000, 1000000 }, 0, 4 * tera, crc) } },
                &four);
    const TensorBundle huge(prefix);
    CHECK(huge.entries()[0].shape == std::vector<int64_t>{ 1000000, 1000000 });
    CHECK(huge.read("x").tooLarge);
    CHECK_THROWS_WITH(huge.read("x", INT64_MAX), Catch::Contains("runs past the end"));
    writeBundle(prefix, header(), { { "x", entryProto(tensorflow::DT_FLOAT, { 1000000, 1000000 }, 0, 4, crc) } },
                &four);
    CHECK_THROWS_AS(TensorBundle(prefix).read("x", INT64_MAX), FormatError);
    writeBundle(prefix, header(), { { "s", entryProto(tensorflow::DT_STRING, { 1000000, 1000000 }, 0, 4, crc) } },
                &four);
    CHECK_THROWS_WITH(TensorBundle(prefix).read("s", INT64_MAX), Catch::Contains("cannot fit"));
    writeBundle(prefix, header(),
                { { "x", entryProto(tensorflow::DT_FLOAT, { INT64_MAX / 2, INT64_MAX / 2 }, 0, 4, crc) } }, &four);
    CHECK_THROWS_WITH(TensorBundle(prefix).read("x", INT64_MAX), Catch::Contains("overflows"));

    // Entries the index itself rejects.
    auto badShard = entryProto(tensorflow::DT_FLOAT, {}, 0, 4, crc);
    badShard.set_shard_id(3);
    writeBundle(prefix, header(), { { "x", badShard } }, &four);
    CHECK_THROWS_WITH(TensorBundle(prefix), Catch::Contains("shard_id 3"));
    writeBundle(prefix, header(), { { "x", entryProto(tensorflow::DT_FLOAT, {}, -8, 4, crc) } }, &four);
    CHECK_THROWS_AS(TensorBundle(prefix), FormatError);
    writeBundle(prefix, header(), { { "x", entryProto(tensorflow::DT_FLOAT, { -3 }, 0, 4, crc) } }, &four);
    CHECK_THROWS_WITH(TensorBundle(prefix), Catch::Contains("negative dimension"));
    auto bigEndian = header();
    bigEndian.set_endianness(tensorflow::BundleHeaderProto::BIG);
    writeBundle(prefix, bigEndian, {}, &four);
    CHECK_THROWS_WITH(TensorBundle(prefix), Catch::Contains("big-endian"));
    auto tooNew = header();
    tooNew.mutable_version()->set_min_consumer(2);
    writeBundle(prefix, tooNew, {}, &four);
    CHECK_THROWS_AS(TensorBundle(prefix), FormatError);
    writeBundle(prefix, header(0), {}, &four);
    CHECK_THROWS_WITH(TensorBundle(prefix), Catch::Contains("num_shards"));
    {
        SSTableWriter w; // no header entry
        w.add("x", entryProto(tensorflow::DT_FLOAT, {}, 0, 4, crc).SerializeAsString());
        spit(prefix + ".index", w.finish());
        CHECK_THROWS_WITH(TensorBundle(prefix), Catch::Contains("bundle header"));
        spit(prefix + ".index", SSTableWriter().finish());
        CHECK_THROWS_WITH(TensorBundle(prefix), Catch::Contains("empty index"));
    }
    CHECK_THROWS_AS(TensorBundle(dir.path.string() + "/absent"), FormatError);

    // Variant, resource and partitioned entries are listed but their values are not decoded.
    auto sliced = entryProto(tensorflow::DT_FLOAT, { 4 }, 0, 0, 0);
    sliced.add_slices()->add_extent()->set_start(0);
    writeBundle(prefix, header(),
                { { "p", sliced },
                  { "r", entryProto(tensorflow::DT_RESOURCE, {}, 0, 4, crc) },
                  { "v", entryProto(tensorflow::DT_VARIANT, {}, 0, 4, crc) } },
                &four);
    const TensorBundle odd(prefix);
    CHECK(odd.entries()[0].hasSlices);
    for (const char* name : { "p", "r", "v" }) {
        const TensorValue v = odd.read(name);
        CHECK(v.unsupported);
        CHECK_FALSE(v.note.empty());
        CHECK_THROWS_AS(formatElement(v, 0), std::out_of_range);
    }
}

TEST_CASE("every truncation and bit flip of a real index throws FormatError or reads cleanly", "[bundle][hostile]") {
    TempDir dir;
    const std::string index = slurp(test::fixture("tf_half_plus_two/variables/variables.index"));
    fs::copy_file(test::fixture("tf_half_plus_two/variables/variables.data-00000-of-00001"),
                  dir.prefix() + ".data-00000-of-00001");
    for (size_t len = 0; len < index.size(); ++len) {
        spit(dir.prefix() + ".index", index.substr(0, len));
        CHECK_THROWS_AS(TensorBundle(dir.prefix()), FormatError);
    }
    for (size_t bit = 0; bit < index.size() * 8; ++bit) {
        std::string flipped = index;
        flipped[bit / 8] = char(flipped[bit / 8] ^ (1 << (bit % 8)));
        spit(dir.prefix() + ".index", flipped);
        try {
            const TensorBundle b(dir.prefix());
            for (const auto& e : b.entries()) CHECK(floatAt(b.read(e.name), 0) > 0.0f);
        } catch (const FormatError&) { }
    }
}
