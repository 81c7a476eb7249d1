#pragma once
// Philox4x32-10 exactly as TensorFlow's PhiloxRandom (tsl/lib/random/philox_random.h): a
// 128-bit counter and a 64-bit key; each call returns four 32-bit words and adds one to the
// counter. TF's kernels position the counter with skip() so outputs do not depend on sharding.
#include <array>
#include <cstdint>

namespace graphlens::numeric {

class Philox4x32 {
public:
    using Block = std::array<uint32_t, 4>;
    using Key = std::array<uint32_t, 2>;

    Philox4x32() = default;
    // TF's PhiloxRandom(seed_lo, seed_hi): key = seed_lo, counter words 2..3 = seed_hi.
    Philox4x32(uint64_t seedLo, uint64_t seedHi);
    Philox4x32(const Block& counter, const Key& key)
        : m_counter(counter)
        , m_key(key) { }
    // The (key, counter) pair of TF's stateless V2 ops: key as one uint64 (low word first),
    // counter as two uint64 words (low half first).
    static Philox4x32 fromKeyCounter(uint64_t key, uint64_t counterLo, uint64_t counterHi);

    Block next();              // the block for the current counter, then counter += 1
    void skip(uint64_t count); // counter += count (128-bit add)

    const Block& counter() const { return m_counter; }
    const Key& key() const { return m_key; }

private:
    Block m_counter{};
    Key m_key{};
};

// Hands out 32-bit words from consecutive blocks (TF's SingleSampleAdapter): used where a
// distribution takes a variable number of samples per output (truncated normal).
class PhiloxSingleSampler {
public:
    explicit PhiloxSingleSampler(Philox4x32& gen)
        : m_gen(gen) { }
    uint32_t operator()() {
        if (m_used == 4) {
            m_block = m_gen.next();
            m_used = 0;
        }
        return m_block[m_used++];
    }

private:
    Philox4x32& m_gen;
    Philox4x32::Block m_block{};
    int m_used = 4;
};

} // namespace graphlens::numeric
