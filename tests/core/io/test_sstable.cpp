// SSTable (checkpoint .index) reader: real index files, Snappy blocks, multi-block tables from the writer, and
// hostile tables whose blocks carry valid CRCs but lie about lengths, restarts or offsets.
#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <random>
#include <snappy.h>
#include <string>
#include <vector>

#include "core/graph/io/sstable.h"
#include "core/util/crc32c.h"
#include "fixtures.h"

using namespace graphlens;
using namespace graphlens::io;

namespace {

using Entries = std::vector<std::pair<std::string, std::string>>;

std::string le32(uint32_t v) {
    std::string s;
    for (int i = 0; i < 4; ++i) s.push_back(char((v >> (8 * i)) & 0xff));
    return s;
}

std::string varint(uint64_t v) {
    std::string s;
    putVarint64(s, v);
    return s;
}

std::string entry(uint32_t shared, const std::string& keyDelta, const std::string& value) {
    return varint(shared) + varint(keyDelta.size()) + varint(value.size()) + keyDelta + value;
}

std::string withRestarts(const std::string& entries, const std::vector<uint32_t>& restarts) {
    std::string out = entries;
    for (uint32_t r : restarts) out += le32(r);
    return out + le32(uint32_t(restarts.size()));
}

std::string trailer(const std::string& contents, char type) {
    const std::string withType = contents + type;
    return std::string(1, type) + le32(maskCrc(crc32c(withType.data(), withType.size())));
}

std::string footer(uint64_t metaOffset, uint64_t metaSize, uint64_t indexOffset, uint64_t indexSize) {
    std::string f = varint(metaOffset) + varint(metaSize) + varint(indexOffset) + varint(indexSize);
    f.resize(40, '\0');
    return f + le32(uint32_t(SSTableReader::kMagic)) + le32(uint32_t(SSTableReader::kMagic >> 32));
}

// One data block holding `contents` (CRC made valid), an empty metaindex, and an index pointing at it.
std::string tableWithBlock(const std::string& contents, char type = 0, std::string handleOverride = {}) {
    std::string file = contents + trailer(contents, type);
    const std::string meta = withRestarts("", { 0 });
    const uint64_t metaOffset = file.size();
    file += meta + trailer(meta, 0);
    const std::string handle = handleOverride.empty() ? varint(0) + varint(contents.size()) : handleOverride;
    const std::string index = withRestarts(entry(0, "zzz", handle), { 0 });
    const uint64_t indexOffset = file.size();
    file += index + trailer(index, 0);
    return file + footer(metaOffset, meta.size(), indexOffset, index.size());
}

Entries makeEntries(int n) {
    Entries e;
    for (int i = 0; i < n; ++i) {
        char key[32];
        std::snprintf(key, sizeof key, "layer_%04d/kernel", i);
        e.emplace_back(key, std::string(size_t(i % 17), char('a' + i % 26)) + std::to_string(i));
    }
    return e;
}

SSTableReader::BlockHandle firstBlock(const std::string& table) {
    return SSTableReader::fromBytes(table, "t").dataBlocks().at(0);
}

} // namespace

TEST_CASE("reads the annotated counter index byte for byte", "[sstable][fixtures]") {
    const SSTableReader t = SSTableReader::open(test::fixture("serving_saved_model_counter/variables/variables.index"));
    CHECK(t.fileSize() == 123);
    REQUIRE(t.dataBlocks().size() == 1);
    CHECK(t.dataBlocks()[0].offset == 0);
    CHECK(t.dataBlocks()[0].size == 0x26);
    const Entries e = t.entries();
    REQUIRE(e.size() == 2);
    CHECK(e[0].first.empty());
    CHECK(e[0].second == std::string("\x08\x01\x1a\x02\x08\x01", 6));
    CHECK(e[1].first == "counter");
    CHECK(e[1].second == std::string("\x08\x01\x12\x00\x28\x04\x35\xa6\x7b\x11\x3a", 11));
}

TEST_CASE("reads Snappy-compressed blocks of real indexes", "[sstable][snappy][fixtures]") {
    for (const char* rel : { "serving_half_plus_two_tf2_cpu/variables/variables.index",
                             "serving_half_plus_two_cpu/variables/variables.index" }) {
        INFO(rel);
        const SSTableReader t = SSTableReader::open(test::fixture(rel));
        REQUIRE(t.dataBlocks().size() == 1);
        // The block type byte after the data block says Snappy.
        std::ifstream in(test::fixture(rel), std::ios::binary);
        in.seekg(std::streamoff(t.dataBlocks()[0].offset + t.dataBlocks()[0].size));
        CHECK(in.get() == 1);
    }
    const Entries e =
        SSTableReader::open(test::fixture("serving_half_plus_two_tf2_cpu/variables/variables.index")).entries();
    REQUIRE(e.size() == 5);
    CHECK(e[1].first == "_CHECKPOINTABLE_OBJECT_GRAPH");
    CHECK(e[4].first == "c/.ATTRIBUTES/VARIABLE_VALUE");
    const Entries cpu =
        SSTableReader::open(test::fixture("serving_half_plus_two_cpu/variables/variables.index")).entries();
    REQUIRE(cpu.size() == 6);
    CHECK(cpu[2].first == "a2"); // prefix-compressed after "a"
    CHECK(cpu[5].first == "c2");
}

TEST_CASE("multi-block tables from the writer read back in order", "[sstable][writer]") {
    const Entries entries = makeEntries(1000);
    for (bool snappyOn : { false, true }) {
        for (int restart : { 1, 3, 16 }) {
            INFO("snappy " << snappyOn << " restart interval " << restart);
            SSTableWriter::Options o;
            o.blockSize = 256;
            o.restartInterval = restart;
            o.snappy = snappyOn;
            const std::string bytes = SSTableWriter::build(entries, o);
            const SSTableReader t = SSTableReader::fromBytes(bytes, "built");
            CHECK(t.dataBlocks().size() > 50);
            CHECK(t.entries() == entries);
            if (snappyOn) {
                int compressed = 0;
                for (const auto& h : t.dataBlocks()) compressed += bytes[size_t(h.offset + h.size)] == 1;
                CHECK(compressed > 0);
            }
            // The visitor can stop early.
            int seen = 0;
            t.forEach([&](std::string_view, std::string_view) { return ++seen < 10; });
            CHECK(seen == 10);
        }
    }
    // Empty table and a single huge value.
    CHECK(SSTableReader::fromBytes(SSTableWriter().finish(), "empty").entries().empty());
    SSTableWriter big(SSTableWriter::Options{ 256, 16, true });
    big.add("", "header");
    big.add("big", std::string(100000, 'q'));
    const Entries back = SSTableReader::fromBytes(big.finish(), "big").entries();
    REQUIRE(back.size() == 2);
    CHECK(back[1].second == std::string(100000, 'q'));
    SSTableWriter order;
    order.add("b", "");
    CHECK_THROWS_AS(order.add("a", ""), std::invalid_argument);
}

TEST_CASE("every truncation of a real index and of a multi-block table throws FormatError", "[sstable][hostile]") {
    std::ifstream in(test::fixture("serving_saved_model_counter/variables/variables.index"), std::ios::binary);
    REQUIRE(in.good());
    const std::string real((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::string built = SSTableWriter::build(makeEntries(60), SSTableWriter::Options{ 128, 4, true });
    for (const std::string* bytes : { &real, &built }) {
        for (size_t len = 0; len < bytes->size(); ++len) {
            INFO("length " << len);
            CHECK_THROWS_AS(SSTableReader::fromBytes(bytes->substr(0, len), "cut").entries(), FormatError);
        }
    }
}

TEST_CASE("bit flips in an index either throw FormatError or change nothing", "[sstable][hostile]") {
    std::ifstream in(test::fixture("serving_half_plus_two_tf2_cpu/variables/variables.index"), std::ios::binary);
    REQUIRE(in.good());
    const std::string real((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const Entries original = SSTableReader::fromBytes(real, "real").entries();
    int detected = 0;
    for (size_t bit = 0; bit < real.size() * 8; ++bit) {
        std::string flipped = real;
        flipped[bit / 8] = char(flipped[bit / 8] ^ (1 << (bit % 8)));
        try {
            const Entries e = SSTableReader::fromBytes(flipped, "flipped").entries();
            CHECK(e.size() <= original.size()); // unchecked bytes: metaindex, footer padding
        } catch (const FormatError&) {
            ++detected;
        }
    }
    CHECK(detected > int(real.size() * 8) / 2);
}

TEST_CASE("hostile blocks with valid CRCs are rejected", "[sstable][hostile]") {
    const std::string good = withRestarts(entry(0, "a", "1") + entry(1, "b", "2"), { 0 });
    REQUIRE(SSTableReader::fromBytes(tableWithBlock(good), "good").entries() == Entries{ { "a", "1" }, { "ab", "2" } });

    struct Case {
        const char* what;
        std::string block;
    };
    const std::vector<Case> cases = {
        { "restart count larger than the block", entry(0, "a", "1") + le32(0) + le32(0xffffffffu) },
        { "block shorter than the restart count", std::string("\x01\x02", 2) },
        { "restart point past the entries", withRestarts(entry(0, "a", "1"), { 100 }) },
        { "shared longer than the previous key", withRestarts(entry(0, "a", "1") + entry(5, "b", "2"), { 0 }) },
        { "first entry shares a prefix", withRestarts(entry(2, "a", "1"), { 0 }) },
        { "value length past the block", withRestarts(varint(0) + varint(1) + varint(1u << 30) + "a", { 0 }) },
        { "key length past the block", withRestarts(varint(0) + varint(0xffffffffu) + varint(0) + "a", { 0 }) },
        { "overlong varint", withRestarts(std::string(12, '\xff') + "a", { 0 }) },
        { "varint32 over 32 bits", withRestarts(varint(uint64_t(1) << 40) + varint(1) + varint(0) + "a", { 0 }) },
        { "keys out of order", withRestarts(entry(0, "b", "1") + entry(0, "a", "2"), { 0 }) },
        { "duplicate keys", withRestarts(entry(0, "a", "1") + entry(1, "", "2"), { 0 }) },
        { "entries without restarts", entry(0, "a", "1") + le32(0) },
    };
    for (const Case& c : cases) {
        INFO(c.what);
        CHECK_THROWS_AS(SSTableReader::fromBytes(tableWithBlock(c.block), "hostile").entries(), FormatError);
    }

    // Handles that point outside the file, into the index, or backwards over another block.
    for (const std::string& handle : { varint(0) + varint(1u << 30), varint(uint64_t(1) << 62) + varint(4),
                                       varint(1000) + varint(4), std::string("\xff\xff", 2) }) {
        CHECK_THROWS_AS(SSTableReader::fromBytes(tableWithBlock(good, 0, handle), "handle"), FormatError);
    }
    // Unknown compression type, and Snappy data that lies about its uncompressed length.
    CHECK_THROWS_WITH(SSTableReader::fromBytes(tableWithBlock(good, 2), "type").entries(),
                      Catch::Contains("unknown compression type 2"));
    std::string compressed;
    snappy::Compress(good.data(), good.size(), &compressed);
    REQUIRE(SSTableReader::fromBytes(tableWithBlock(compressed, 1), "snappy").entries().size() == 2);
    const std::string lyingLength = varint(uint64_t(1) << 31) + compressed.substr(1);
    CHECK_THROWS_WITH(SSTableReader::fromBytes(tableWithBlock(lyingLength, 1), "snappy").entries(),
                      Catch::Contains("not valid Snappy"));
    CHECK_THROWS_AS(SSTableReader::fromBytes(tableWithBlock(std::string(20, '\x7f'), 1), "snappy").entries(),
                    FormatError);

    // Bad magic and a CRC mismatch.
    std::string badMagic = tableWithBlock(good);
    badMagic.back() = 0;
    CHECK_THROWS_WITH(SSTableReader::fromBytes(badMagic, "magic"), Catch::Contains("magic"));
    std::string badCrc = tableWithBlock(good);
    badCrc[0] = 'X';
    CHECK_THROWS_WITH(SSTableReader::fromBytes(badCrc, "crc").entries(), Catch::Contains("CRC mismatch"));
    CHECK_THROWS_AS(SSTableReader::open("/nonexistent/variables.index"), FormatError);
}

TEST_CASE("random corruption of a multi-block table never crashes", "[sstable][hostile]") {
    const std::string bytes = SSTableWriter::build(makeEntries(200), SSTableWriter::Options{ 200, 4, false });
    std::mt19937 rng(1234);
    for (int round = 0; round < 2000; ++round) {
        std::string mutated = bytes;
        const int changes = 1 + int(rng() % 4);
        for (int i = 0; i < changes; ++i) mutated[rng() % mutated.size()] = char(rng());
        // Re-seal the first block's CRC so corruption there reaches the entry parser.
        const auto h = firstBlock(bytes);
        const std::string contents = mutated.substr(0, size_t(h.size));
        const std::string seal = trailer(contents, mutated[size_t(h.size)] == 1 ? 1 : 0);
        mutated.replace(size_t(h.size), 5, seal);
        try {
            SSTableReader::fromBytes(mutated, "fuzz").entries();
        } catch (const FormatError&) { }
    }
    SUCCEED();
}
