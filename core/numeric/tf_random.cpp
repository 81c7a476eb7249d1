#include "core/numeric/tf_random.h"

#include <bit>
#include <cmath>
#include <numbers>
#include <random>

namespace graphlens::numeric {

float tfUint32ToFloat(uint32_t x) {
    return std::bit_cast<float>((127u << 23) | (x & 0x7fffffu)) - 1.0f;
}

double tfUint64ToDouble(uint32_t hi, uint32_t lo) {
    const uint64_t man = (static_cast<uint64_t>(hi & 0xfffffu) << 32) | lo;
    return std::bit_cast<double>((uint64_t{ 1023 } << 52) | man) - 1.0;
}

Half tfUint16ToHalf(uint16_t x) {
    // 1.m - 1 is exact in half, so computing it in float and converting does not round.
    const Half h{ static_cast<uint16_t>((15u << 10) | (x & 0x3ffu)) };
    return floatToHalf(halfToFloat(h) - 1.0f);
}

BFloat16 tfUint16ToBFloat16(uint16_t x) {
    const BFloat16 b{ static_cast<uint16_t>((127u << 7) | (x & 0x7fu)) };
    return floatToBFloat16(bfloat16ToFloat(b) - 1.0f);
}

void tfBoxMullerFloat(uint32_t x0, uint32_t x1, float& f0, float& f1) {
    const float epsilon = 1.0e-7f;
    float u1 = tfUint32ToFloat(x0);
    if (u1 < epsilon) u1 = epsilon;
    // TF writes 2.0f * M_PI * u: M_PI is a double, so the angle is computed in double and
    // rounded to float once.
    const float v1 = static_cast<float>(2.0f * std::numbers::pi * static_cast<double>(tfUint32ToFloat(x1)));
    const float u2 = std::sqrt(-2.0f * std::log(u1));
    f0 = std::sin(v1) * u2;
    f1 = std::cos(v1) * u2;
}

void tfBoxMullerDouble(uint32_t x0, uint32_t x1, uint32_t x2, uint32_t x3, double& d0, double& d1) {
    const double epsilon = 1.0e-7;
    double u1 = tfUint64ToDouble(x0, x1);
    if (u1 < epsilon) u1 = epsilon;
    const double v1 = 2 * std::numbers::pi * tfUint64ToDouble(x2, x3);
    const double u2 = std::sqrt(-2.0 * std::log(u1));
    d0 = std::sin(v1) * u2;
    d1 = std::cos(v1) * u2;
}

namespace {

// FillPhiloxRandomTask for fixed-size groups: group g comes from the block at counter + g.
template<int kGroup, class T, class Dist> void fillGroups(Philox4x32 gen, std::span<T> out, Dist dist) {
    T group[kGroup];
    for (size_t offset = 0; offset < out.size(); offset += kGroup) {
        dist(gen.next(), group);
        const size_t n = std::min<size_t>(kGroup, out.size() - offset);
        for (size_t i = 0; i < n; ++i) out[offset + i] = group[i];
    }
}

// The variable-sample variant: each group restarts at counter + g * skipPerGroup and draws
// single words until the group is full.
template<int kGroup, class T, class Dist> void fillVariableGroups(Philox4x32 base, std::span<T> out, Dist dist) {
    constexpr uint64_t kSkipPerGroup = kGroup * 256 / 4;
    T group[kGroup];
    uint64_t g = 0;
    for (size_t offset = 0; offset < out.size(); offset += kGroup, ++g) {
        Philox4x32 gen = base;
        gen.skip(g * kSkipPerGroup);
        PhiloxSingleSampler sampler(gen);
        dist(sampler, group);
        const size_t n = std::min<size_t>(kGroup, out.size() - offset);
        for (size_t i = 0; i < n; ++i) out[offset + i] = group[i];
    }
}

template<class T, class Convert> void normalFloatLike(Philox4x32 gen, std::span<T> out, Convert convert) {
    fillGroups<4>(gen, out, [&](const Philox4x32::Block& s, T* r) {
        for (int i = 0; i < 4; i += 2) {
            float f0 = 0;
            float f1 = 0;
            tfBoxMullerFloat(s[i], s[i + 1], f0, f1);
            r[i] = convert(f0);
            r[i + 1] = convert(f1);
        }
    });
}

template<class T, class Convert> void truncatedFloatLike(Philox4x32 gen, std::span<T> out, Convert convert) {
    fillVariableGroups<4>(gen, out, [&](PhiloxSingleSampler& sample, T* r) {
        int index = 0;
        while (true) {
            const uint32_t x0 = sample();
            const uint32_t x1 = sample();
            float f[2];
            tfBoxMullerFloat(x0, x1, f[0], f[1]);
            for (float v : f) {
                if (std::fabs(v) < 2.0f) {
                    r[index++] = convert(v);
                    if (index >= 4) return;
                }
            }
        }
    });
}

float asFloat(float f) {
    return f;
}

} // namespace

void tfUniform(Philox4x32 gen, std::span<float> out) {
    fillGroups<4>(gen, out, [](const Philox4x32::Block& s, float* r) {
        for (int i = 0; i < 4; ++i) r[i] = tfUint32ToFloat(s[i]);
    });
}

void tfUniform(Philox4x32 gen, std::span<double> out) {
    fillGroups<2>(gen, out, [](const Philox4x32::Block& s, double* r) {
        for (int i = 0; i < 2; ++i) r[i] = tfUint64ToDouble(s[2 * i], s[2 * i + 1]);
    });
}

void tfUniform(Philox4x32 gen, std::span<Half> out) {
    fillGroups<4>(gen, out, [](const Philox4x32::Block& s, Half* r) {
        for (int i = 0; i < 4; ++i) r[i] = tfUint16ToHalf(static_cast<uint16_t>(s[i]));
    });
}

void tfUniform(Philox4x32 gen, std::span<BFloat16> out) {
    fillGroups<4>(gen, out, [](const Philox4x32::Block& s, BFloat16* r) {
        for (int i = 0; i < 4; ++i) r[i] = tfUint16ToBFloat16(static_cast<uint16_t>(s[i]));
    });
}

void tfUniformInt(Philox4x32 gen, int32_t lo, int32_t hi, std::span<int32_t> out) {
    const uint32_t range = static_cast<uint32_t>(hi) - static_cast<uint32_t>(lo);
    fillGroups<4>(gen, out, [&](const Philox4x32::Block& s, int32_t* r) {
        for (int i = 0; i < 4; ++i) r[i] = static_cast<int32_t>(static_cast<uint32_t>(lo) + s[i] % range);
    });
}

void tfUniformInt(Philox4x32 gen, int64_t lo, int64_t hi, std::span<int64_t> out) {
    const uint64_t range = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo);
    fillGroups<2>(gen, out, [&](const Philox4x32::Block& s, int64_t* r) {
        for (int i = 0; i < 2; ++i) {
            const uint64_t bits = s[2 * i] | (static_cast<uint64_t>(s[2 * i + 1]) << 32);
            r[i] = static_cast<int64_t>(static_cast<uint64_t>(lo) + bits % range);
        }
    });
}

void tfUniformFullInt(Philox4x32 gen, std::span<uint32_t> out) {
    fillGroups<4>(gen, out, [](const Philox4x32::Block& s, uint32_t* r) {
        for (int i = 0; i < 4; ++i) r[i] = s[i];
    });
}

void tfUniformFullInt(Philox4x32 gen, std::span<int32_t> out) {
    fillGroups<4>(gen, out, [](const Philox4x32::Block& s, int32_t* r) {
        for (int i = 0; i < 4; ++i) r[i] = static_cast<int32_t>(s[i]);
    });
}

void tfUniformFullInt(Philox4x32 gen, std::span<uint64_t> out) {
    fillGroups<2>(gen, out, [](const Philox4x32::Block& s, uint64_t* r) {
        for (int i = 0; i < 2; ++i) r[i] = s[2 * i] | (static_cast<uint64_t>(s[2 * i + 1]) << 32);
    });
}

void tfUniformFullInt(Philox4x32 gen, std::span<int64_t> out) {
    fillGroups<2>(gen, out, [](const Philox4x32::Block& s, int64_t* r) {
        for (int i = 0; i < 2; ++i) r[i] = static_cast<int64_t>(s[2 * i] | (static_cast<uint64_t>(s[2 * i + 1]) << 32));
    });
}

void tfNormal(Philox4x32 gen, std::span<float> out) {
    normalFloatLike(gen, out, asFloat);
}

void tfNormal(Philox4x32 gen, std::span<Half> out) {
    normalFloatLike(gen, out, floatToHalf);
}

void tfNormal(Philox4x32 gen, std::span<BFloat16> out) {
    normalFloatLike(gen, out, floatToBFloat16);
}

void tfNormal(Philox4x32 gen, std::span<double> out) {
    fillGroups<2>(gen, out,
                  [](const Philox4x32::Block& s, double* r) { tfBoxMullerDouble(s[0], s[1], s[2], s[3], r[0], r[1]); });
}

void tfTruncatedNormal(Philox4x32 gen, std::span<float> out) {
    truncatedFloatLike(gen, out, asFloat);
}

void tfTruncatedNormal(Philox4x32 gen, std::span<Half> out) {
    truncatedFloatLike(gen, out, floatToHalf);
}

void tfTruncatedNormal(Philox4x32 gen, std::span<BFloat16> out) {
    truncatedFloatLike(gen, out, floatToBFloat16);
}

void tfTruncatedNormal(Philox4x32 gen, std::span<double> out) {
    fillVariableGroups<2>(gen, out, [](PhiloxSingleSampler& sample, double* r) {
        int index = 0;
        while (true) {
            const uint32_t x0 = sample();
            const uint32_t x1 = sample();
            const uint32_t x2 = sample();
            const uint32_t x3 = sample();
            double d[2];
            tfBoxMullerDouble(x0, x1, x2, x3, d[0], d[1]);
            for (double v : d) {
                if (std::fabs(v) < 2.0) {
                    r[index++] = v;
                    if (index >= 2) return;
                }
            }
        }
    });
}

TfKeyCounter tfStatelessKeyCounter(int64_t seed0, int64_t seed1) {
    const uint64_t s0 = static_cast<uint64_t>(seed0);
    const uint64_t s1 = static_cast<uint64_t>(seed1);
    Philox4x32 mixer({ static_cast<uint32_t>(s0), static_cast<uint32_t>(s0 >> 32), static_cast<uint32_t>(s1),
                       static_cast<uint32_t>(s1 >> 32) },
                     { 0x3ec8f720u, 0x02461e29u });
    const Philox4x32::Block mix = mixer.next();
    TfKeyCounter kc;
    kc.key = mix[0] | (static_cast<uint64_t>(mix[1]) << 32);
    kc.counter[0] = 0;
    kc.counter[1] = mix[2] | (static_cast<uint64_t>(mix[3]) << 32);
    return kc;
}

uint64_t tfReservedBlocks(uint64_t numOutputs) {
    // ReserveRandomOutputs(n, 256) hands n * 256 to ReserveSamples128: blocks, not words.
    return numOutputs * 256;
}

// --- eager seed rules --------------------------------------------------------------------------

namespace {

int64_t truncateSeed(int64_t seed) { // Python's seed % (2**31 - 1): never negative
    const int64_t r = seed % kTfMaxInt32;
    return r < 0 ? r + kTfMaxInt32 : r;
}

} // namespace

std::optional<std::pair<int64_t, int64_t>> tfGraphSeed(std::optional<int64_t> graphSeed, std::optional<int64_t> opSeed,
                                                       int64_t& opCounter) {
    std::pair<int64_t, int64_t> seeds;
    if (graphSeed) seeds = { truncateSeed(*graphSeed), truncateSeed(opSeed ? *opSeed : opCounter++) };
    else if (opSeed) seeds = { kTfDefaultGraphSeed, truncateSeed(*opSeed) };
    else return std::nullopt;
    if (seeds.first == 0 && seeds.second == 0) seeds.second = kTfMaxInt32;
    return seeds;
}

void TfEagerRandom::setGlobalSeed(std::optional<int64_t> seed) {
    m_global = seed;
    if (seed) {
        m_rng.seed64(*seed);
    } else {
        std::random_device rd;
        m_rng.seed64(static_cast<int64_t>((static_cast<uint64_t>(rd()) << 32) | rd()));
    }
    m_kernels.clear();
}

void TfEagerRandom::beginScratchGraph() {
    m_scratchCounter = 0;
    m_scratchKernels.clear();
}

void TfEagerRandom::endScratchGraph() {
    m_scratchCounter.reset();
    m_scratchKernels.clear();
}

std::optional<std::pair<int64_t, int64_t>> TfEagerRandom::getSeed(std::optional<int64_t> opSeed) {
    if (m_scratchCounter) return tfGraphSeed(m_global, opSeed, *m_scratchCounter);
    std::pair<int64_t, int64_t> seeds;
    if (m_global) {
        const int64_t op = opSeed ? *opSeed : m_rng.randint(0, kTfMaxInt32);
        seeds = { truncateSeed(*m_global), truncateSeed(op) };
    } else if (opSeed) {
        seeds = { kTfDefaultGraphSeed, truncateSeed(*opSeed) };
    } else {
        return std::nullopt;
    }
    if (seeds.first == 0 && seeds.second == 0) seeds.second = kTfMaxInt32;
    return seeds;
}

Philox4x32 TfEagerRandom::reserve(const std::string& kernelKey, int64_t seed, int64_t seed2, uint64_t numOutputs) {
    return reserveBlocks(kernelKey, seed, seed2, tfReservedBlocks(numOutputs));
}

Philox4x32 TfEagerRandom::reserveBlocks(const std::string& kernelKey, int64_t seed, int64_t seed2, uint64_t blocks) {
    auto key = std::make_tuple(kernelKey, seed, seed2);
    KernelMap& kernels = m_scratchCounter ? m_scratchKernels : m_kernels;
    auto it = kernels.find(key);
    if (it == kernels.end()) {
        uint64_t s1 = static_cast<uint64_t>(seed);
        uint64_t s2 = static_cast<uint64_t>(seed2);
        if (s1 == 0 && s2 == 0) {
            std::random_device rd;
            s1 = (static_cast<uint64_t>(rd()) << 32) | rd();
            s2 = (static_cast<uint64_t>(rd()) << 32) | rd();
        }
        it = kernels.emplace(key, Philox4x32(s1, s2)).first;
    }
    const Philox4x32 start = it->second;
    it->second.skip(blocks);
    return start;
}

} // namespace graphlens::numeric
