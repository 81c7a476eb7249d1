#include "core/numeric/pcg64.h"

namespace graphlens::numeric {
namespace {

constexpr uint32_t kInitA = 0x43b0d7e5u, kMultA = 0x931e8875u, kInitB = 0x8b51f9ddu, kMultB = 0x58f38dedu;
constexpr uint32_t kMixMultL = 0xca01f9ddu, kMixMultR = 0x4973f715u;
constexpr int kXShift = 16;
constexpr size_t kPoolSize = 4;

uint32_t hashmix(uint32_t value, uint32_t& hashConst) {
    value ^= hashConst;
    hashConst *= kMultA;
    value *= hashConst;
    value ^= value >> kXShift;
    return value;
}

uint32_t mix(uint32_t x, uint32_t y) {
    uint32_t result = kMixMultL * x - kMixMultR * y;
    result ^= result >> kXShift;
    return result;
}

constexpr Uint128 kMultiplier = (static_cast<Uint128>(2549297995355413924ULL) << 64) | 4865540595714422341ULL;

} // namespace

std::vector<uint32_t> entropyWords(std::span<const uint64_t> limbs) {
    std::vector<uint32_t> words;
    for (const uint64_t limb : limbs) {
        words.push_back(static_cast<uint32_t>(limb));
        words.push_back(static_cast<uint32_t>(limb >> 32));
    }
    while (words.size() > 1 && words.back() == 0) words.pop_back();
    if (words.empty()) words.push_back(0);
    return words;
}

SeedSequence::SeedSequence(std::span<const uint32_t> entropy) {
    uint32_t hashConst = kInitA;
    for (size_t i = 0; i < kPoolSize; ++i) m_pool[i] = hashmix(i < entropy.size() ? entropy[i] : 0u, hashConst);
    for (size_t src = 0; src < kPoolSize; ++src)
        for (size_t dst = 0; dst < kPoolSize; ++dst)
            if (src != dst) m_pool[dst] = mix(m_pool[dst], hashmix(m_pool[src], hashConst));
    for (size_t src = kPoolSize; src < entropy.size(); ++src)
        for (size_t dst = 0; dst < kPoolSize; ++dst) m_pool[dst] = mix(m_pool[dst], hashmix(entropy[src], hashConst));
}

std::vector<uint64_t> SeedSequence::generateState64(size_t words) const {
    uint32_t hashConst = kInitB;
    std::vector<uint32_t> state32(2 * words);
    for (size_t i = 0; i < state32.size(); ++i) {
        uint32_t value = m_pool[i % kPoolSize];
        value ^= hashConst;
        hashConst *= kMultB;
        value *= hashConst;
        value ^= value >> kXShift;
        state32[i] = value;
    }
    std::vector<uint64_t> out(words);
    for (size_t i = 0; i < words; ++i) out[i] = state32[2 * i] | (static_cast<uint64_t>(state32[2 * i + 1]) << 32);
    return out;
}

Pcg64::Pcg64(const SeedSequence& seed) {
    const std::vector<uint64_t> words = seed.generateState64(4);
    const Uint128 initState = (static_cast<Uint128>(words[0]) << 64) | words[1];
    const Uint128 initSeq = (static_cast<Uint128>(words[2]) << 64) | words[3];
    // pcg_setseq_128_srandom_r
    m_state = 0;
    m_inc = (initSeq << 1) | 1u;
    m_state = m_state * kMultiplier + m_inc;
    m_state += initState;
    m_state = m_state * kMultiplier + m_inc;
}

uint64_t Pcg64::next64() {
    m_state = m_state * kMultiplier + m_inc;
    // XSL-RR output of the new state.
    const uint64_t hi = static_cast<uint64_t>(m_state >> 64), lo = static_cast<uint64_t>(m_state);
    const uint64_t x = hi ^ lo;
    const unsigned rot = static_cast<unsigned>(hi >> 58);
    return (x >> rot) | (x << ((64 - rot) & 63));
}

uint32_t Pcg64::next32() {
    if (m_hasHalf) {
        m_hasHalf = false;
        return m_half;
    }
    const uint64_t next = next64();
    m_hasHalf = true;
    m_half = static_cast<uint32_t>(next >> 32);
    return static_cast<uint32_t>(next);
}

double Pcg64::nextDouble() {
    return static_cast<double>(next64() >> 11) * (1.0 / 9007199254740992.0);
}

uint64_t Pcg64::bounded(uint64_t rng) {
    if (rng == 0) return 0;
    if (rng <= 0xFFFFFFFFull) {
        if (rng == 0xFFFFFFFFull) return next32();
        const uint32_t excl = static_cast<uint32_t>(rng) + 1;
        uint64_t m = static_cast<uint64_t>(next32()) * excl;
        uint32_t leftover = static_cast<uint32_t>(m);
        if (leftover < excl) {
            const uint32_t threshold = (UINT32_MAX - static_cast<uint32_t>(rng)) % excl;
            while (leftover < threshold) {
                m = static_cast<uint64_t>(next32()) * excl;
                leftover = static_cast<uint32_t>(m);
            }
        }
        return m >> 32;
    }
    if (rng == UINT64_MAX) return next64();
    const uint64_t excl = rng + 1;
    Uint128 m = static_cast<Uint128>(next64()) * excl;
    uint64_t leftover = static_cast<uint64_t>(m);
    if (leftover < excl) {
        const uint64_t threshold = (UINT64_MAX - rng) % excl;
        while (leftover < threshold) {
            m = static_cast<Uint128>(next64()) * excl;
            leftover = static_cast<uint64_t>(m);
        }
    }
    return static_cast<uint64_t>(m >> 64);
}

uint64_t Pcg64::interval(uint64_t max) {
    if (max == 0) return 0;
    uint64_t mask = max;
    for (int shift = 1; shift < 64; shift *= 2) mask |= mask >> shift;
    uint64_t value;
    if (max <= 0xFFFFFFFFull) {
        while ((value = (next32() & mask)) > max) { }
    } else {
        while ((value = (next64() & mask)) > max) { }
    }
    return value;
}

} // namespace graphlens::numeric
