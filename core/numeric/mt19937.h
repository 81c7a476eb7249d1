#pragma once
// MT19937 as numpy's legacy RandomState and CPython's `random` module use it, and the streams
// they derive from it, bit for bit (checked against numpy 2.4 and CPython 3.11 in tests/numeric).
//
// Seeding differs between the two: numpy's `np.random.seed(int)` uses the plain init_genrand
// recurrence on the 32-bit seed, CPython's `random.seed(int)` feeds the 32-bit words of |seed|
// to init_by_array.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace graphlens::numeric {

class Mt19937 {
public:
    explicit Mt19937(uint32_t seed = 5489u) { seed32(seed); }

    void seed32(uint32_t seed);                      // init_genrand
    void seedByArray(std::span<const uint32_t> key); // init_by_array

    uint32_t next32();
    uint64_t next64() { // numpy's next_uint64 for MT19937: high word first
        const uint64_t hi = next32();
        return (hi << 32) | next32();
    }
    double nextDouble(); // 53 bits from two words (numpy random_sample, CPython random())

    // The 624 state words and the index of the next one (624: twist first), as CPython's
    // random.getstate() / setstate() show them; pos must be at most 624.
    static constexpr int kStateWords = 624;
    const std::array<uint32_t, kStateWords>& state() const { return m_state; }
    int position() const { return m_pos; }
    void setState(const std::array<uint32_t, kStateWords>& words, int pos) {
        m_state = words;
        m_pos = pos;
    }

private:
    void twist();
    std::array<uint32_t, 624> m_state{};
    int m_pos = 624;
};

// numpy.random.RandomState (the legacy global `np.random.*` functions).
class NumpyRandomState {
public:
    explicit NumpyRandomState(uint32_t seed = 0) { seed32(seed); }

    void seed32(uint32_t seed);                      // np.random.seed(int) for 0 <= seed < 2**32
    void seedByArray(std::span<const uint32_t> key); // np.random.seed(array); one element = int

    double randomSample();   // rand / random_sample / random
    double standardNormal(); // randn / standard_normal: polar method, second value cached
    double uniform(double low, double high) { return low + (high - low) * randomSample(); }
    double normal(double loc, double scale) { return loc + scale * standardNormal(); }

    void randomSample(std::span<double> out);
    void standardNormal(std::span<double> out);

    // randint(low, high) with the default int64 dtype (high exclusive; low < high).
    int64_t randint(int64_t low, int64_t high);
    void randint(int64_t low, int64_t high, std::span<int64_t> out);
    // randint(..., dtype=np.int32): a 32-bit draw per value.
    void randint(int32_t low, int32_t high, std::span<int32_t> out);

    void shuffle(std::span<int64_t> values);     // in place, Fisher-Yates from the end
    std::vector<int64_t> permutation(int64_t n); // shuffled arange(n)
    // choice(n, size) (with replacement; same as randint(0, n, size)) and without replacement
    // (permutation(n)[:size]).
    std::vector<int64_t> choice(int64_t n, int64_t size, bool replace = true);

    // Random integer in [0, max] by masked rejection (numpy's random_interval).
    uint64_t interval(uint64_t max);

private:
    Mt19937 m_mt;
    std::optional<double> m_gauss;
};

// CPython's `random.Random` (3.11): the op seeds TF draws in eager mode and Keras' default seeds.
class PythonRandom {
public:
    explicit PythonRandom(int64_t seed = 0) { seed64(seed); }
    void seed64(int64_t seed);                       // random.seed(int): words of |seed|
    void seedWords(std::span<const uint32_t> words); // |seed| as little-endian 32-bit words

    uint64_t getrandbits(int k);            // k in [0, 64]
    uint64_t randbelow(uint64_t n);         // n >= 1
    int64_t randint(int64_t a, int64_t b) { // a <= b, inclusive
        return a + static_cast<int64_t>(randbelow(static_cast<uint64_t>(b - a) + 1));
    }
    double random() { return m_mt.nextDouble(); }
    uint32_t next32() { return m_mt.next32(); } // one word (getrandbits(k) for k > 64 takes k/32)

    Mt19937& generator() { return m_mt; } // getstate / setstate
    const Mt19937& generator() const { return m_mt; }

private:
    Mt19937 m_mt;
};

} // namespace graphlens::numeric
