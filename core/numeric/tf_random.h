#pragma once
// TensorFlow's CPU random kernels (random_op.cc, stateless_random_ops_v2.cc) on top of Philox,
// bit-exact with TF 2.21, plus the Python-side seed rules (random_seed.get_seed, the eager op
// seed sequence, the eager kernel cache).
//
// Every fill takes the generator by value in the state the kernel starts from. Outputs come in
// groups (4 values per Philox block for 32-bit types, 2 for 64-bit); group g uses the block at
// counter + g, so the result does not depend on TF's sharding. Truncated normal reserves 256
// blocks per group and restarts each group there.
//
// What the Python wrappers add on top of the raw ops (done by the caller, in the dtype):
//   uniform(minval, maxval): raw * (maxval - minval) + minval (skipped for Python ints 0 and 1;
//     with minval 0 only raw * maxval);  normal / truncated_normal: raw * stddev + mean.
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <utility>

#include "core/numeric/float16.h"
#include "core/numeric/mt19937.h"
#include "core/numeric/philox.h"

namespace graphlens::numeric {

// TF's bit tricks: the low mantissa bits of a draw under exponent 0, minus one.
float tfUint32ToFloat(uint32_t x);
double tfUint64ToDouble(uint32_t hi, uint32_t lo);
Half tfUint16ToHalf(uint16_t x);
BFloat16 tfUint16ToBFloat16(uint16_t x);
void tfBoxMullerFloat(uint32_t x0, uint32_t x1, float& f0, float& f1);
void tfBoxMullerDouble(uint32_t x0, uint32_t x1, uint32_t x2, uint32_t x3, double& d0, double& d1);

// RandomUniform / StatelessRandomUniformV2: [0, 1).
void tfUniform(Philox4x32 gen, std::span<float> out);
void tfUniform(Philox4x32 gen, std::span<double> out);
void tfUniform(Philox4x32 gen, std::span<Half> out);
void tfUniform(Philox4x32 gen, std::span<BFloat16> out);
// RandomUniformInt / StatelessRandomUniformIntV2: [lo, hi), lo < hi (draw % range).
void tfUniformInt(Philox4x32 gen, int32_t lo, int32_t hi, std::span<int32_t> out);
void tfUniformInt(Philox4x32 gen, int64_t lo, int64_t hi, std::span<int64_t> out);
// StatelessRandomUniformFullIntV2: raw bits.
void tfUniformFullInt(Philox4x32 gen, std::span<uint32_t> out);
void tfUniformFullInt(Philox4x32 gen, std::span<int32_t> out);
void tfUniformFullInt(Philox4x32 gen, std::span<uint64_t> out);
void tfUniformFullInt(Philox4x32 gen, std::span<int64_t> out);
// RandomStandardNormal / StatelessRandomNormalV2.
void tfNormal(Philox4x32 gen, std::span<float> out);
void tfNormal(Philox4x32 gen, std::span<double> out);
void tfNormal(Philox4x32 gen, std::span<Half> out);
void tfNormal(Philox4x32 gen, std::span<BFloat16> out);
// TruncatedNormal / StatelessTruncatedNormalV2: |x| < 2, rejection.
void tfTruncatedNormal(Philox4x32 gen, std::span<float> out);
void tfTruncatedNormal(Philox4x32 gen, std::span<double> out);
void tfTruncatedNormal(Philox4x32 gen, std::span<Half> out);
void tfTruncatedNormal(Philox4x32 gen, std::span<BFloat16> out);

// StatelessRandomGetKeyCounter (Philox): the seed pair scrambled by one Philox block.
// Int32 seeds are sign-extended to 64 bits first, as TF does.
struct TfKeyCounter {
    uint64_t key = 0;
    uint64_t counter[2] = { 0, 0 };
    Philox4x32 generator() const { return Philox4x32::fromKeyCounter(key, counter[0], counter[1]); }
};
TfKeyCounter tfStatelessKeyCounter(int64_t seed0, int64_t seed1);

// Philox blocks a stateful kernel skips per call of n outputs: n * 256 (ReserveRandomOutputs).
uint64_t tfReservedBlocks(uint64_t numOutputs);

inline constexpr int64_t kTfDefaultGraphSeed = 87654321;
inline constexpr int64_t kTfMaxInt32 = 2147483647;

// random_seed.get_seed(op_seed) while a FuncGraph is built: `graphSeed` is the graph's seed (the
// global seed when the outermost trace began), and an op without a seed takes the graph's next
// counter value (`opCounter`, incremented). nullopt where TF leaves both seeds 0 (random).
std::optional<std::pair<int64_t, int64_t>> tfGraphSeed(std::optional<int64_t> graphSeed, std::optional<int64_t> opSeed,
                                                       int64_t& opCounter);

// Eager TensorFlow's random state: tf.random.set_seed, get_seed and the kernel cache.
// Stateful ops (RandomUniform, ...) keep a Philox generator per cached kernel; the same op with
// the same attributes continues the stream; set_seed clears the cache.
class TfEagerRandom {
public:
    void setGlobalSeed(std::optional<int64_t> seed);
    std::optional<int64_t> globalSeed() const { return m_global; }

    // random_seed.get_seed(op_seed) in eager mode; nullopt where TF would pick random seeds
    // (no global and no op seed). Draws the next op seed from the context's Python RNG when
    // only the global seed is set.
    std::optional<std::pair<int64_t, int64_t>> getSeed(std::optional<int64_t> opSeed);

    // The generator a stateful kernel fills `numOutputs` values from. `kernelKey` names the op and
    // its non-seed attributes (e.g. "RandomUniform:float32"). seed == seed2 == 0 means a
    // nondeterministic kernel (seeded from std::random_device).
    Philox4x32 reserve(const std::string& kernelKey, int64_t seed, int64_t seed2, uint64_t numOutputs);
    // The same with an explicit count of Philox blocks to skip (RandomShuffle, Multinomial).
    Philox4x32 reserveBlocks(const std::string& kernelKey, int64_t seed, int64_t seed2, uint64_t blocks);

    // Ops run as if in a fresh graph built beside the eager context (Keras's symbolic build in a
    // scratch FuncGraph): seeds by the graph rule with the global seed and a counter from 0, and
    // every kernel a new one; ended, the eager state is as it was.
    void beginScratchGraph();
    void endScratchGraph();

private:
    using KernelMap = std::map<std::tuple<std::string, int64_t, int64_t>, Philox4x32>;
    std::optional<int64_t> m_global;
    PythonRandom m_rng;
    KernelMap m_kernels;
    std::optional<int64_t> m_scratchCounter;
    KernelMap m_scratchKernels;
};

} // namespace graphlens::numeric
