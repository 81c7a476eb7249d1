// Random ops on TF's Philox streams (core/numeric/tf_random.h), bit-exact with TF 2.21's CPU
// kernels: RandomUniform, RandomStandardNormal, TruncatedNormal, RandomUniformInt, RandomShuffle,
// Multinomial, and the stateless V2 ops with StatelessRandomGetKeyCounter.
//
// Stateful kernels keep their generator in statefulRandom(), keyed by the op and its non-seed
// attrs (TF's eager kernel cache): the same op with the same attrs and seeds continues its stream.
#include <algorithm>
#include <cmath>

#include "core/numeric/tf_random.h"
#include "core/ops/kernel_util.h"
#include "core/ops/resource.h"

namespace graphlens::ops {

namespace {

using numeric::Philox4x32;

enum class Dist { Uniform, Normal, Truncated };

void fill(Dist d, Philox4x32 gen, Tensor& t) {
    auto run = [&](auto span) {
        switch (d) {
        case Dist::Uniform:
            numeric::tfUniform(gen, span);
            break;
        case Dist::Normal:
            numeric::tfNormal(gen, span);
            break;
        case Dist::Truncated:
            numeric::tfTruncatedNormal(gen, span);
            break;
        }
    };
    const auto n = static_cast<size_t>(t.numElements());
    switch (t.dtype()) {
    case DType::Float32:
        run(std::span<float>(t.data<float>(), n));
        break;
    case DType::Float64:
        run(std::span<double>(t.data<double>(), n));
        break;
    case DType::Float16:
        run(std::span<numeric::Half>(static_cast<numeric::Half*>(t.rawData()), n));
        break;
    case DType::BFloat16:
        run(std::span<numeric::BFloat16>(static_cast<numeric::BFloat16*>(t.rawData()), n));
        break;
    default:
        invalidArgument("random: unsupported dtype ", tensor::dtypeName(t.dtype()));
    }
}

// The eager kernel cache's key: the op and every attr but the seeds (a Multinomial with another
// output_dtype is another kernel with a fresh stream).
std::string kernelKey(const KernelContext& c) {
    std::string key = c.op().name;
    for (const auto& [name, value] : c.attrs().all())
        if (name != "seed" && name != "seed2") key += ":" + name + "=" + attrToString(value);
    return key;
}

Philox4x32 reserve(const KernelContext& c, uint64_t blocks) {
    return statefulRandom().reserveBlocks(kernelKey(c), c.attrs().getInt("seed"), c.attrs().getInt("seed2"), blocks);
}

template<Dist D> void statefulKernel(KernelContext& c) {
    const DType dt = c.attrs().getType("dtype");
    Tensor& out = c.allocateOutput(0, dt, shapeFromTensor(c.input(0)));
    fill(D, reserve(c, numeric::tfReservedBlocks(static_cast<uint64_t>(out.numElements()))), out);
}

void fillInt(Philox4x32 gen, Tensor& out, const Tensor& lo, const Tensor& hi) {
    if (lo.rank() != 0) invalidArgument("minval must be 0-D, got shape ", lo.shape().str());
    if (hi.rank() != 0) invalidArgument("maxval must be 0-D, got shape ", hi.shape().str());
    const int64_t l = lo.toInt64Vector()[0], h = hi.toInt64Vector()[0];
    if (out.numElements() == 0) return;
    if (l >= h) invalidArgument("Need minval < maxval, got ", l, " >= ", h);
    if (out.dtype() == DType::Int32)
        numeric::tfUniformInt(gen, static_cast<int32_t>(l), static_cast<int32_t>(h), out.flat<int32_t>());
    else numeric::tfUniformInt(gen, l, h, out.flat<int64_t>());
}

void randomUniformIntKernel(KernelContext& c) {
    const DType dt = c.attrs().getType("Tout");
    Tensor& out = c.allocateOutput(0, dt, shapeFromTensor(c.input(0)));
    const Philox4x32 gen = reserve(c, numeric::tfReservedBlocks(static_cast<uint64_t>(out.numElements())));
    fillInt(gen, out, c.input(1), c.input(2));
}

void randomShapeFn(ShapeContext& c) {
    c.setOutput(0, c.shapeFromInput(0));
}

// RandomShuffle: Fisher-Yates from the front, each swap partner = draw % remaining; rank >= 2
// shuffles a permutation of the rows. Reserves ceil((n - 1) / 4) blocks.
void randomShuffleKernel(KernelContext& c) {
    const Tensor& x = c.input(0);
    if (x.numElements() <= 1 || x.rank() == 0 || x.dim(0) <= 1) return c.setOutput(0, x);
    const int64_t n = x.dim(0);
    const uint64_t samples = static_cast<uint64_t>(n - 1);
    Philox4x32 gen = reserve(c, (n >= INT32_MAX ? 2 * samples + 3 : samples + 3) / 4);
    numeric::PhiloxSingleSampler single(gen);
    std::vector<int64_t> perm(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) perm[static_cast<size_t>(i)] = i;
    for (int64_t i = 0; i + 1 < n; ++i) {
        const uint64_t range = static_cast<uint64_t>(n - i);
        uint64_t r;
        if (n < INT32_MAX) r = single() % static_cast<uint32_t>(range);
        else {
            const uint64_t hi = single();
            r = ((hi << 32) | single()) % range;
        }
        std::swap(perm[static_cast<size_t>(i)], perm[static_cast<size_t>(i + static_cast<int64_t>(r))]);
    }
    const int64_t row = x.numElements() / n;
    Tensor& out = c.allocateOutput(0, x.dtype(), x.shape());
    for (int64_t i = 0; i < n; ++i) copyElements(x, perm[static_cast<size_t>(i)] * row, out, i * row, row);
}

// Multinomial (tf.random.categorical): per batch row an unnormalised CDF in double over the
// finite logits, each sample = upper_bound(cdf, uniform double * total), two 32-bit draws per
// sample, rows one after another on one sampler (TF's single shard; TF's multi-shard split of
// large batches is not reproduced). Reserves batch * ceil4(num_samples) * 2 * 256 blocks.
// `stateless`: StatelessMultinomial's generator comes from its seed input (GenerateKey), not
// from the kernel's reserved stream; the sampling is the same functor.
void sampleMultinomial(KernelContext& c, bool stateless) {
    const Tensor& logits = c.input(0);
    const Tensor& ns = c.input(1);
    if (logits.rank() != 2) invalidArgument("logits should be a matrix, got shape ", logits.shape().str());
    if (ns.rank() != 0) invalidArgument("num_samples should be a scalar, got shape ", ns.shape().str());
    const int64_t numSamples = ns.toInt64Vector()[0];
    if (numSamples < 0) invalidArgument("num_samples should be nonnegative, got ", numSamples);
    const int64_t batch = logits.dim(0), classes = logits.dim(1);
    for (int i = 0; i < 2; ++i)
        if (logits.dim(i) >= INT32_MAX) invalidArgument("logits.shape = ", logits.shape().str(), " too large for int");
    if (batch > 0 && classes <= 0) invalidArgument("num_classes should be positive, got ", classes);
    const DType outType = c.attrs().getType("output_dtype");
    Tensor& out = c.allocateOutput(0, outType, TensorShape{ batch, numSamples });
    if (batch == 0 || numSamples == 0) return;
    const int64_t ceil4 = (numSamples + 3) / 4 * 4;
    Philox4x32 gen;
    if (stateless) {
        const auto seed = c.input(2).toInt64Vector();
        gen = numeric::tfStatelessKeyCounter(seed[0], seed[1]).generator();
    } else {
        gen = reserve(c, static_cast<uint64_t>(batch * ceil4 * 2) * 256);
    }
    const std::vector<double> lv = logits.toDoubleVector();
    numeric::PhiloxSingleSampler single(gen);
    std::vector<double> cdf(static_cast<size_t>(classes));
    for (int64_t b = 0; b < batch; ++b) {
        const double* row = lv.data() + b * classes;
        double max = -std::numeric_limits<double>::max();
        if (logits.dtype() == DType::Float32) max = -static_cast<double>(std::numeric_limits<float>::max());
        for (int64_t j = 0; j < classes; ++j)
            if (std::isfinite(row[j])) max = std::max(max, row[j]);
        double total = 0;
        for (int64_t j = 0; j < classes; ++j) {
            if (std::isfinite(row[j])) total += std::exp(row[j] - max);
            cdf[static_cast<size_t>(j)] = total;
        }
        for (int64_t j = 0; j < numSamples; ++j) {
            const uint32_t x0 = single(), x1 = single();
            const double find = numeric::tfUint64ToDouble(x0, x1) * total;
            const int64_t k = std::upper_bound(cdf.begin(), cdf.end(), find) - cdf.begin();
            if (outType == DType::Int32) out.data<int32_t>()[b * numSamples + j] = static_cast<int32_t>(k);
            else out.data<int64_t>()[b * numSamples + j] = k;
        }
    }
}
void multinomialKernel(KernelContext& c) {
    sampleMultinomial(c, false);
}
void statelessMultinomialKernel(KernelContext& c) {
    const Tensor& seed = c.input(2);
    if (seed.rank() != 1 || seed.dim(0) != 2) invalidArgument("seed must have shape [2], not ", seed.shape().str());
    sampleMultinomial(c, true);
}
void multinomialShape(ShapeContext& c) {
    const PartialShape& l = c.inputShape(0);
    const Tensor* n = c.inputValue(1);
    const int64_t b = l.hasRank() && l.rank() == 2 ? l.dim(0) : -1;
    c.setOutput(0, PartialShape{ b, n ? n->toInt64Vector()[0] : -1 });
}

// ----- stateless V2 ---------------------------------------------------------------------------

Philox4x32 statelessGen(const KernelContext& c, int keyInput) {
    const Tensor& key = c.input(keyInput);
    const Tensor& counter = c.input(keyInput + 1);
    const Tensor& alg = c.input(keyInput + 2);
    if (alg.numElements() != 1) invalidArgument("alg must be a scalar");
    const int64_t a = alg.toInt64Vector()[0];
    // 1 is Philox; 3 (auto-select, what tf.random.stateless_* put in graphs) is Philox on CPU.
    if (a != 1 && a != 3) invalidArgument("Unsupported algorithm id: ", a);
    if (key.numElements() != 1)
        invalidArgument("key must have shape [1], not ", key.shape().str(),
                        ". (Note that batched keys are not supported yet.)");
    if (counter.numElements() < 2)
        invalidArgument("counter must be a vector with length at least 2, got shape ", counter.shape().str());
    const auto* k = static_cast<const uint64_t*>(key.rawData());
    const auto* ctr = static_cast<const uint64_t*>(counter.rawData());
    return Philox4x32::fromKeyCounter(k[0], ctr[0], ctr[1]);
}

template<Dist D> void statelessKernel(KernelContext& c) {
    Tensor& out = c.allocateOutput(0, c.attrs().getType("dtype"), shapeFromTensor(c.input(0)));
    fill(D, statelessGen(c, 1), out);
}

void statelessUniformIntKernel(KernelContext& c) {
    Tensor& out = c.allocateOutput(0, c.attrs().getType("dtype"), shapeFromTensor(c.input(0)));
    fillInt(statelessGen(c, 1), out, c.input(4), c.input(5));
}

void getKeyCounterKernel(KernelContext& c) {
    const Tensor& seed = c.input(0);
    if (seed.rank() != 1 || seed.dim(0) != 2) invalidArgument("seed must have shape [2], not ", seed.shape().str());
    const auto s = seed.toInt64Vector();
    const numeric::TfKeyCounter kc = numeric::tfStatelessKeyCounter(s[0], s[1]);
    Tensor& key = c.allocateOutput(0, DType::UInt64, TensorShape{ 1 });
    static_cast<uint64_t*>(key.rawData())[0] = kc.key;
    Tensor& counter = c.allocateOutput(1, DType::UInt64, TensorShape{ 2 });
    static_cast<uint64_t*>(counter.rawData())[0] = kc.counter[0];
    static_cast<uint64_t*>(counter.rawData())[1] = kc.counter[1];
}
void getKeyCounterShape(ShapeContext& c) {
    c.setOutput(0, PartialShape{ 1 });
    c.setOutput(1, PartialShape{ 2 });
}

} // namespace

void registerRandomKernels() {
    const DTypeMask floats = tensor::kFloatTypes;
    const DTypeMask ints = maskOf(DType::Int32, DType::Int64);
    defineOp("RandomUniform")
        .kernel(statefulKernel<Dist::Uniform>, floats, "dtype")
        .shape(randomShapeFn)
        .notDifferentiable();
    defineOp("RandomStandardNormal")
        .kernel(statefulKernel<Dist::Normal>, floats, "dtype")
        .shape(randomShapeFn)
        .notDifferentiable();
    defineOp("TruncatedNormal")
        .kernel(statefulKernel<Dist::Truncated>, floats, "dtype")
        .shape(randomShapeFn)
        .notDifferentiable();
    defineOp("RandomUniformInt").kernel(randomUniformIntKernel, ints, "Tout").shape(randomShapeFn).notDifferentiable();
    defineOp("RandomShuffle").kernel(randomShuffleKernel, tensor::kAllTypes).shape(shapeUnchanged).notDifferentiable();
    defineOp("Multinomial").kernel(multinomialKernel, tensor::kFloatTypes).shape(multinomialShape).notDifferentiable();
    defineOp("StatelessMultinomial")
        .kernel(statelessMultinomialKernel, tensor::kFloatTypes)
        .shape(multinomialShape)
        .notDifferentiable();
    defineOp("StatelessRandomUniformV2")
        .kernel(statelessKernel<Dist::Uniform>, floats, "dtype")
        .shape(randomShapeFn)
        .notDifferentiable();
    defineOp("StatelessRandomNormalV2")
        .kernel(statelessKernel<Dist::Normal>, floats, "dtype")
        .shape(randomShapeFn)
        .notDifferentiable();
    defineOp("StatelessTruncatedNormalV2")
        .kernel(statelessKernel<Dist::Truncated>, floats, "dtype")
        .shape(randomShapeFn)
        .notDifferentiable();
    defineOp("StatelessRandomUniformIntV2")
        .kernel(statelessUniformIntKernel, ints, "dtype")
        .shape(randomShapeFn)
        .notDifferentiable();
    defineOp("StatelessRandomGetKeyCounter")
        .kernel(getKeyCounterKernel, ints, "Tseed")
        .shape(getKeyCounterShape)
        .notDifferentiable();
}

} // namespace graphlens::ops
