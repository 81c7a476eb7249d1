#include "core/numeric/philox.h"

namespace graphlens::numeric {

namespace {

constexpr uint32_t kW32A = 0x9E3779B9u;
constexpr uint32_t kW32B = 0xBB67AE85u;
constexpr uint32_t kM4x32A = 0xD2511F53u;
constexpr uint32_t kM4x32B = 0xCD9E8D57u;

Philox4x32::Block round(const Philox4x32::Block& c, const Philox4x32::Key& k) {
    const uint64_t p0 = static_cast<uint64_t>(kM4x32A) * c[0];
    const uint64_t p1 = static_cast<uint64_t>(kM4x32B) * c[2];
    return { static_cast<uint32_t>(p1 >> 32) ^ c[1] ^ k[0], static_cast<uint32_t>(p1),
             static_cast<uint32_t>(p0 >> 32) ^ c[3] ^ k[1], static_cast<uint32_t>(p0) };
}

} // namespace

Philox4x32::Philox4x32(uint64_t seedLo, uint64_t seedHi) {
    m_key = { static_cast<uint32_t>(seedLo), static_cast<uint32_t>(seedLo >> 32) };
    m_counter = { 0, 0, static_cast<uint32_t>(seedHi), static_cast<uint32_t>(seedHi >> 32) };
}

Philox4x32 Philox4x32::fromKeyCounter(uint64_t key, uint64_t counterLo, uint64_t counterHi) {
    return Philox4x32({ static_cast<uint32_t>(counterLo), static_cast<uint32_t>(counterLo >> 32),
                        static_cast<uint32_t>(counterHi), static_cast<uint32_t>(counterHi >> 32) },
                      { static_cast<uint32_t>(key), static_cast<uint32_t>(key >> 32) });
}

Philox4x32::Block Philox4x32::next() {
    Block c = m_counter;
    Key k = m_key;
    for (int r = 0; r < 10; ++r) {
        c = round(c, k);
        if (r < 9) {
            k[0] += kW32A;
            k[1] += kW32B;
        }
    }
    skip(1);
    return c;
}

void Philox4x32::skip(uint64_t count) {
    const uint32_t lo = static_cast<uint32_t>(count);
    uint32_t hi = static_cast<uint32_t>(count >> 32);
    m_counter[0] += lo;
    if (m_counter[0] < lo) ++hi;
    m_counter[1] += hi;
    if (m_counter[1] < hi) {
        if (++m_counter[2] == 0) ++m_counter[3];
    }
}

} // namespace graphlens::numeric
