#include "core/util/crc32c.h"

#include <array>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <nmmintrin.h>
#define GRAPHLENS_CRC32C_HW 1
#endif

namespace graphlens {
namespace {

constexpr uint32_t kPoly = 0x82F63B78u; // reflected Castagnoli polynomial

// Slicing-by-8: table[k][b] is the CRC of byte b followed by k zero bytes, so eight bytes fold in per step.
struct Tables {
    std::array<std::array<uint32_t, 256>, 8> t{};
    constexpr Tables() {
        for (uint32_t b = 0; b < 256; ++b) {
            uint32_t c = b;
            for (int i = 0; i < 8; ++i) c = (c & 1) ? (c >> 1) ^ kPoly : c >> 1;
            t[0][b] = c;
        }
        for (uint32_t b = 0; b < 256; ++b)
            for (size_t k = 1; k < 8; ++k) t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xff];
    }
};

constexpr Tables kTables;

uint32_t extendPortable(uint32_t crc, const uint8_t* p, size_t n) {
    const auto& t = kTables.t;
    uint32_t c = ~crc;
    while (n > 0 && (reinterpret_cast<uintptr_t>(p) & 7) != 0) {
        c = t[0][(c ^ *p++) & 0xff] ^ (c >> 8);
        --n;
    }
    while (n >= 8) {
        // Assemble little-endian explicitly so the result does not depend on host byte order.
        uint32_t lo = uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 | uint32_t(p[3]) << 24;
        uint32_t hi = uint32_t(p[4]) | uint32_t(p[5]) << 8 | uint32_t(p[6]) << 16 | uint32_t(p[7]) << 24;
        lo ^= c;
        c = t[7][lo & 0xff] ^ t[6][(lo >> 8) & 0xff] ^ t[5][(lo >> 16) & 0xff] ^ t[4][lo >> 24] ^ t[3][hi & 0xff] ^
            t[2][(hi >> 8) & 0xff] ^ t[1][(hi >> 16) & 0xff] ^ t[0][hi >> 24];
        p += 8;
        n -= 8;
    }
    while (n-- > 0) c = t[0][(c ^ *p++) & 0xff] ^ (c >> 8);
    return ~c;
}

#ifdef GRAPHLENS_CRC32C_HW
__attribute__((target("sse4.2"))) uint32_t extendHardware(uint32_t crc, const uint8_t* p, size_t n) {
    uint64_t c = ~crc;
    while (n > 0 && (reinterpret_cast<uintptr_t>(p) & 7) != 0) {
        c = _mm_crc32_u8(uint32_t(c), *p++);
        --n;
    }
    while (n >= 8) {
        uint64_t v;
        std::memcpy(&v, p, 8);
        c = _mm_crc32_u64(c, v);
        p += 8;
        n -= 8;
    }
    while (n-- > 0) c = _mm_crc32_u8(uint32_t(c), *p++);
    return ~uint32_t(c);
}

bool hasSse42() {
    static const bool has = __builtin_cpu_supports("sse4.2");
    return has;
}
#endif

} // namespace

uint32_t crc32cExtend(uint32_t crc, const void* data, size_t n) {
    const auto* p = static_cast<const uint8_t*>(data);
#ifdef GRAPHLENS_CRC32C_HW
    if (hasSse42()) return extendHardware(crc, p, n);
#endif
    return extendPortable(crc, p, n);
}

uint32_t crc32cExtendPortable(uint32_t crc, const void* data, size_t n) {
    return extendPortable(crc, static_cast<const uint8_t*>(data), n);
}

} // namespace graphlens
