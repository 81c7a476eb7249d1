#include "core/numeric/mt19937.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>

namespace graphlens::numeric {

void Mt19937::seed32(uint32_t seed) {
    m_state[0] = seed;
    for (uint32_t i = 1; i < 624; ++i) m_state[i] = 1812433253u * (m_state[i - 1] ^ (m_state[i - 1] >> 30)) + i;
    m_pos = 624;
}

void Mt19937::seedByArray(std::span<const uint32_t> key) {
    seed32(19650218u);
    const size_t len = key.empty() ? 1 : key.size();
    size_t i = 1;
    size_t j = 0;
    for (size_t k = std::max<size_t>(624, len); k > 0; --k) {
        const uint32_t word = key.empty() ? 0u : key[j];
        m_state[i] =
            (m_state[i] ^ ((m_state[i - 1] ^ (m_state[i - 1] >> 30)) * 1664525u)) + word + static_cast<uint32_t>(j);
        ++i;
        ++j;
        if (i >= 624) {
            m_state[0] = m_state[623];
            i = 1;
        }
        if (j >= len) j = 0;
    }
    for (size_t k = 623; k > 0; --k) {
        m_state[i] =
            (m_state[i] ^ ((m_state[i - 1] ^ (m_state[i - 1] >> 30)) * 1566083941u)) - static_cast<uint32_t>(i);
        ++i;
        if (i >= 624) {
            m_state[0] = m_state[623];
            i = 1;
        }
    }
    m_state[0] = 0x80000000u;
    m_pos = 624;
}

void Mt19937::twist() {
    constexpr uint32_t kMatrixA = 0x9908b0dfu;
    for (int k = 0; k < 624; ++k) {
        const uint32_t y = (m_state[k] & 0x80000000u) | (m_state[(k + 1) % 624] & 0x7fffffffu);
        m_state[k] = m_state[(k + 397) % 624] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
    }
    m_pos = 0;
}

uint32_t Mt19937::next32() {
    if (m_pos >= 624) twist();
    uint32_t y = m_state[m_pos++];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= y >> 18;
    return y;
}

double Mt19937::nextDouble() {
    const uint32_t a = next32() >> 5;
    const uint32_t b = next32() >> 6;
    return (a * 67108864.0 + b) / 9007199254740992.0;
}

// --- numpy RandomState ---------------------------------------------------------------------------

void NumpyRandomState::seed32(uint32_t seed) {
    m_mt.seed32(seed);
    m_gauss.reset();
}

void NumpyRandomState::seedByArray(std::span<const uint32_t> key) {
    // numpy squeezes the seed first: a one-element array seeds like the plain integer.
    if (key.size() == 1) m_mt.seed32(key[0]);
    else m_mt.seedByArray(key);
    m_gauss.reset();
}

double NumpyRandomState::randomSample() {
    return m_mt.nextDouble();
}

double NumpyRandomState::standardNormal() {
    if (m_gauss) {
        const double v = *m_gauss;
        m_gauss.reset();
        return v;
    }
    double x1 = 0;
    double x2 = 0;
    double r2 = 0;
    do {
        x1 = 2.0 * randomSample() - 1.0;
        x2 = 2.0 * randomSample() - 1.0;
        r2 = x1 * x1 + x2 * x2;
    } while (r2 >= 1.0 || r2 == 0.0);
    const double f = std::sqrt(-2.0 * std::log(r2) / r2);
    m_gauss = f * x1;
    return f * x2;
}

void NumpyRandomState::randomSample(std::span<double> out) {
    for (double& v : out) v = randomSample();
}

void NumpyRandomState::standardNormal(std::span<double> out) {
    for (double& v : out) v = standardNormal();
}

namespace {

uint64_t maskFor(uint64_t rng) {
    return rng == 0 ? 0 : (~uint64_t{ 0 } >> std::countl_zero(rng));
}

} // namespace

void NumpyRandomState::randint(int64_t low, int64_t high, std::span<int64_t> out) {
    // numpy works on the inclusive range [low, high - 1] as an offset and an unsigned span.
    const uint64_t rng = static_cast<uint64_t>(high) - static_cast<uint64_t>(low) - 1u;
    const uint64_t off = static_cast<uint64_t>(low);
    const uint64_t mask = maskFor(rng);
    for (int64_t& v : out) {
        uint64_t draw = 0;
        if (rng == 0) {
            draw = 0;
        } else if (rng <= 0xffffffffu) {
            if (rng == 0xffffffffu) {
                draw = m_mt.next32();
            } else {
                while ((draw = (m_mt.next32() & mask)) > rng) { }
            }
        } else if (rng == ~uint64_t{ 0 }) {
            draw = m_mt.next64();
        } else {
            while ((draw = (m_mt.next64() & mask)) > rng) { }
        }
        v = static_cast<int64_t>(off + draw);
    }
}

int64_t NumpyRandomState::randint(int64_t low, int64_t high) {
    int64_t v = 0;
    randint(low, high, std::span<int64_t>(&v, 1));
    return v;
}

void NumpyRandomState::randint(int32_t low, int32_t high, std::span<int32_t> out) {
    const uint32_t rng = static_cast<uint32_t>(high) - static_cast<uint32_t>(low) - 1u;
    const uint32_t off = static_cast<uint32_t>(low);
    const uint32_t mask = static_cast<uint32_t>(maskFor(rng));
    for (int32_t& v : out) {
        uint32_t draw = 0;
        if (rng == 0xffffffffu) {
            draw = m_mt.next32();
        } else if (rng != 0) {
            while ((draw = (m_mt.next32() & mask)) > rng) { }
        }
        v = static_cast<int32_t>(off + draw);
    }
}

uint64_t NumpyRandomState::interval(uint64_t max) {
    if (max == 0) return 0;
    const uint64_t mask = maskFor(max);
    uint64_t value = 0;
    if (max <= 0xffffffffu) {
        while ((value = (m_mt.next32() & mask)) > max) { }
    } else {
        while ((value = (m_mt.next64() & mask)) > max) { }
    }
    return value;
}

void NumpyRandomState::shuffle(std::span<int64_t> values) {
    for (size_t i = values.size(); i-- > 1;) {
        const uint64_t j = interval(i);
        std::swap(values[i], values[j]);
    }
}

std::vector<int64_t> NumpyRandomState::permutation(int64_t n) {
    std::vector<int64_t> out(static_cast<size_t>(n));
    std::iota(out.begin(), out.end(), int64_t{ 0 });
    shuffle(out);
    return out;
}

std::vector<int64_t> NumpyRandomState::choice(int64_t n, int64_t size, bool replace) {
    if (replace) {
        std::vector<int64_t> out(static_cast<size_t>(size));
        randint(0, n, out);
        return out;
    }
    std::vector<int64_t> out = permutation(n);
    out.resize(static_cast<size_t>(size));
    return out;
}

// --- CPython random ------------------------------------------------------------------------------

void PythonRandom::seed64(int64_t seed) {
    uint64_t mag = seed < 0 ? 0u - static_cast<uint64_t>(seed) : static_cast<uint64_t>(seed);
    uint32_t words[2] = { static_cast<uint32_t>(mag), static_cast<uint32_t>(mag >> 32) };
    seedWords(std::span<const uint32_t>(words, (mag >> 32) ? 2 : 1));
}

void PythonRandom::seedWords(std::span<const uint32_t> words) {
    // CPython drops high zero words but keeps at least one.
    size_t n = words.size();
    while (n > 1 && words[n - 1] == 0) --n;
    const uint32_t zero = 0;
    m_mt.seedByArray(n == 0 ? std::span<const uint32_t>(&zero, 1) : words.first(n));
}

uint64_t PythonRandom::getrandbits(int k) {
    if (k <= 0) return 0;
    if (k <= 32) return m_mt.next32() >> (32 - k);
    // Words fill from the least significant end; the last one is cut to the remaining bits.
    const uint64_t lo = m_mt.next32();
    const uint64_t hi = m_mt.next32() >> (64 - k);
    return lo | (hi << 32);
}

uint64_t PythonRandom::randbelow(uint64_t n) {
    const int k = 64 - std::countl_zero(n);
    uint64_t r = getrandbits(k);
    while (r >= n) r = getrandbits(k);
    return r;
}

} // namespace graphlens::numeric
