#pragma once
// CRC32C (Castagnoli), as used by TFRecord framing, SSTable block trailers and tensor bundle entries.
// TF stores "masked" CRCs so that a CRC computed over data that itself contains CRCs stays well mixed.
#include <cstddef>
#include <cstdint>

namespace graphlens {

// Continues a CRC: crc32cExtend(crc32c(a), b) == crc32c(a + b). Start from 0.
uint32_t crc32cExtend(uint32_t crc, const void* data, size_t n);

// The table-driven path alone; crc32cExtend picks SSE4.2 when the CPU has it. Public so tests can compare both.
uint32_t crc32cExtendPortable(uint32_t crc, const void* data, size_t n);

inline uint32_t crc32c(const void* data, size_t n) {
    return crc32cExtend(0, data, n);
}

inline constexpr uint32_t kCrcMaskDelta = 0xa282ead8u;

inline uint32_t maskCrc(uint32_t crc) {
    return ((crc >> 15) | (crc << 17)) + kCrcMaskDelta;
}

inline uint32_t unmaskCrc(uint32_t masked) {
    uint32_t rot = masked - kCrcMaskDelta;
    return (rot >> 17) | (rot << 15);
}

} // namespace graphlens
