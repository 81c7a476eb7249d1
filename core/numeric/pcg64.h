#pragma once
// numpy's default generator, bit for bit: np.random.default_rng(seed) is a Generator over PCG64
// seeded through SeedSequence (numpy/random/bit_generator.pyx, pcg64.pyx, distributions.c).
// Checked against numpy 2.4 in tests/numeric. The normal, exponential and gamma samplers need
// numpy's ziggurat tables and are not here.
#include <cstdint>
#include <span>
#include <vector>

namespace graphlens::numeric {

// PCG64's 128-bit state (a GCC/clang extension; __extension__ keeps -Wpedantic quiet about it).
__extension__ typedef unsigned __int128 Uint128;

// numpy's SeedSequence with an empty spawn key: the entropy (a non-negative int as 32-bit words,
// least significant first) mixed into a pool of four words, from which states are drawn.
class SeedSequence {
public:
    explicit SeedSequence(std::span<const uint32_t> entropy);
    // `words` 64-bit words of state (generate_state(n, np.uint64)).
    std::vector<uint64_t> generateState64(size_t words) const;

private:
    uint32_t m_pool[4] = {};
};

// The 32-bit words of a non-negative integer given as its 64-bit limbs, least significant
// first, as numpy's _coerce_to_uint32_array gives them (0 -> [0]).
std::vector<uint32_t> entropyWords(std::span<const uint64_t> limbs);

class Pcg64 {
public:
    explicit Pcg64(const SeedSequence& seed);

    uint64_t next64();
    uint32_t next32();   // half of a 64-bit draw, the high half kept for the next call
    double nextDouble(); // random(): 53 bits of next64()

    // Uniform in [0, rng] (numpy's random_bounded_uint64 without masking: Lemire's method,
    // 32-bit draws when rng fits in 32 bits).
    uint64_t bounded(uint64_t rng);
    // Uniform in [0, max] by masked rejection (random_interval: shuffle, permutation, choice).
    uint64_t interval(uint64_t max);

private:
    Uint128 m_state = 0, m_inc = 0;
    bool m_hasHalf = false;
    uint32_t m_half = 0;
};

} // namespace graphlens::numeric
