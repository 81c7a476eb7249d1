// CRC32C and TF's masking, checked against published vectors and against CRCs stored in real files.
#include <catch2/catch.hpp>
#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "core/util/crc32c.h"
#include "fixtures.h"

using namespace graphlens;

TEST_CASE("crc32c reproduces the formats.md and RFC 3720 test vectors", "[crc32c]") {
    std::vector<uint8_t> zeros(32, 0), ones(32, 0xff), inc(32), dec(32);
    for (int i = 0; i < 32; ++i) {
        inc[size_t(i)] = uint8_t(i);
        dec[size_t(i)] = uint8_t(31 - i);
    }
    CHECK(crc32c(zeros.data(), zeros.size()) == 0x8a9136aau);
    CHECK(crc32c(ones.data(), ones.size()) == 0x62a8ab43u);
    CHECK(crc32c(inc.data(), inc.size()) == 0x46dd794eu);
    CHECK(crc32c(dec.data(), dec.size()) == 0x113fdb5cu);
    CHECK(crc32c("123456789", 9) == 0xe3069283u);
    CHECK(crc32c("", 0) == 0u);

    const char masked[] = "\x1a\x11"
                          "CRC test, one two";
    CHECK(maskCrc(crc32c(masked, sizeof(masked) - 1)) == 0x5794d08au);
}

TEST_CASE("mask and unmask are inverse and change the value", "[crc32c]") {
    std::mt19937 rng(7);
    for (int i = 0; i < 1000; ++i) {
        const uint32_t c = rng();
        CHECK(unmaskCrc(maskCrc(c)) == c);
        CHECK(maskCrc(c) != c);
    }
    CHECK(unmaskCrc(maskCrc(0)) == 0);
    CHECK(unmaskCrc(maskCrc(0xffffffffu)) == 0xffffffffu);
}

TEST_CASE("crc32cExtend composes and the hardware path matches the table path", "[crc32c]") {
    std::mt19937 rng(42);
    std::vector<uint8_t> data(4099);
    for (auto& b : data) b = uint8_t(rng());
    for (size_t start = 0; start < 9; ++start) {
        for (size_t len :
             { size_t(0), size_t(1), size_t(7), size_t(8), size_t(9), size_t(63), size_t(1000), data.size() - start }) {
            const uint8_t* p = data.data() + start;
            const uint32_t whole = crc32c(p, len);
            CHECK(whole == crc32cExtendPortable(0, p, len));
            for (size_t split : { size_t(0), len / 3, len / 2, len }) {
                CHECK(crc32cExtend(crc32c(p, split), p + split, len - split) == whole);
                CHECK(crc32cExtendPortable(crc32cExtendPortable(0, p, split), p + split, len - split) == whole);
            }
        }
    }
}

TEST_CASE("crc32c matches the masked CRCs stored in real files", "[crc32c][fixtures]") {
    // serving_saved_model_counter: the float scalar "counter" is 4 zero bytes, entry crc bytes a6 7b 11 3a.
    std::ifstream in(test::fixture("serving_saved_model_counter/variables/variables.data-00000-of-00001"),
                     std::ios::binary);
    REQUIRE(in.good());
    const std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(data.size() == 4);
    CHECK(maskCrc(crc32c(data.data(), data.size())) == 0x3a117ba6u);

    // First record header of an event file: masked crc of the 8 length bytes is stored next to them.
    std::ifstream ev(test::fixture("speech_commands_conv_ckpt/validation/events.out.tfevents.1511484802.bladerunner"),
                     std::ios::binary);
    unsigned char header[12];
    REQUIRE(ev.read(reinterpret_cast<char*>(header), 12));
    uint32_t stored = 0;
    std::memcpy(&stored, header + 8, 4);
    CHECK(maskCrc(crc32c(header, 8)) == stored);
}
