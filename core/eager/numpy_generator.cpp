// numpy's Generator API over PCG64 (np.random.default_rng), bit for bit with numpy
// (core/numeric/pcg64.h): the natives the numpy prelude's Generator class calls, each taking the
// generator's handle. Generators live in the run's EagerState.
#include <random>
#include <unordered_set>

#include "core/eager/eager_state.h"
#include "core/eager/internal.h"
#include "core/numeric/numpy_normal.h"
#include "core/numeric/pcg64.h"

namespace graphlens::eager {

using namespace lang;

namespace {

numeric::Pcg64& generator(Interpreter& in, const Value& handle) {
    auto& all = eagerState().pcgStates;
    const int64_t h = in.toIndex(handle);
    if (h < 0 || h >= int64_t(all.size())) raise(types().ValueError, "bad Generator handle");
    return all[size_t(h)];
}

// The seed's 32-bit words as numpy's SeedSequence takes them: an int (any size) or a sequence of
// ints, each non-negative; None draws entropy from the system.
std::vector<uint32_t> seedWords(Interpreter& in, const Value& seed) {
    auto wordsOf = [&](const Value& v) -> std::vector<uint32_t> {
        if (v.isKind(ObjKind::BigInt)) {
            const auto* big = v.as<BigIntObj>();
            if (big->neg) raise(types().ValueError, "expected non-negative integer");
            return big->mag;
        }
        const int64_t n = in.toIndex(v);
        if (n < 0) raise(types().ValueError, "expected non-negative integer");
        const uint64_t limb[1] = { uint64_t(n) };
        return numeric::entropyWords(limb);
    };
    if (seed.isNone()) {
        std::random_device device;
        return { device(), device(), device(), device() };
    }
    if (seed.isKind(ObjKind::List) || seed.isKind(ObjKind::Tuple)) {
        const auto& items = seed.isKind(ObjKind::List) ? seed.as<ListObj>()->items : seed.as<TupleObj>()->items;
        std::vector<uint32_t> out;
        for (const Value& item : items) {
            // Each element gives its own words (numpy coerces each to uint32 words, then joins).
            const auto w = wordsOf(item);
            out.insert(out.end(), w.begin(), w.end());
        }
        if (out.empty()) out.push_back(0);
        return out;
    }
    return wordsOf(seed);
}

TensorShape shapeOf(Interpreter& in, const Value& v) {
    return TensorShape(intList(in, v));
}

} // namespace

void fillNumpyGenerator(lang::DictObj* d) {
    auto def = [d](const char* name, NativeFn fn) { d->setStr(name, newBuiltin(name, std::move(fn))); };
    def("pcg_new", [](Interpreter& in, CallArgs& a) -> Value {
        const std::vector<uint32_t> words = seedWords(in, a.n > 0 ? a[0] : Value::none());
        auto& all = eagerState().pcgStates;
        all.emplace_back(numeric::SeedSequence(words));
        return Value::integer(int64_t(all.size()) - 1);
    });
    // pcg_random(h, shape or None[, float32]): float64 in [0, 1) (float32: numpy's next_float,
    // the top 24 bits of a 32-bit draw)
    def("pcg_random", [](Interpreter& in, CallArgs& a) -> Value {
        auto& g = generator(in, a[0]);
        const bool scalar = a[1].isNone();
        const TensorShape shape = scalar ? TensorShape{} : shapeOf(in, a[1]);
        if (a.n > 2 && in.truthy(a[2])) {
            std::vector<float> v(size_t(shape.numElements()));
            for (auto& x : v) x = float(g.next32() >> 8) * (1.0f / 16777216.0f);
            return wrapArray(Tensor::fromVector(v, shape), scalar);
        }
        std::vector<double> v(size_t(shape.numElements()));
        for (auto& x : v) x = g.nextDouble();
        return wrapArray(Tensor::fromVector(v, shape), scalar);
    });
    // pcg_normal(h, shape or None): standard normal float64 draws (numpy's ziggurat)
    def("pcg_normal", [](Interpreter& in, CallArgs& a) -> Value {
        auto& g = generator(in, a[0]);
        const bool scalar = a[1].isNone();
        const TensorShape shape = scalar ? TensorShape{} : shapeOf(in, a[1]);
        std::vector<double> v(size_t(shape.numElements()));
        for (auto& x : v) x = numeric::numpyStandardNormal(g);
        return wrapArray(Tensor::fromVector(v, shape), scalar);
    });
    // pcg_integers(h, low, high, shape or None, is32): [low, high) as int64 (or int32)
    def("pcg_integers", [](Interpreter& in, CallArgs& a) -> Value {
        auto& g = generator(in, a[0]);
        const int64_t low = in.toIndex(a[1]), high = in.toIndex(a[2]);
        if (high <= low) raise(types().ValueError, "low >= high");
        const uint64_t rng = uint64_t(high) - uint64_t(low) - 1;
        const bool scalar = a[3].isNone();
        const TensorShape shape = scalar ? TensorShape{} : shapeOf(in, a[3]);
        const size_t n = size_t(shape.numElements());
        if (a.n > 4 && in.truthy(a[4])) {
            std::vector<int32_t> v(n);
            for (auto& x : v) x = int32_t(uint32_t(low) + uint32_t(g.bounded(rng)));
            return wrapArray(Tensor::fromVector(v, shape), scalar);
        }
        std::vector<int64_t> v(n);
        for (auto& x : v) x = int64_t(uint64_t(low) + g.bounded(rng));
        return wrapArray(Tensor::fromVector(v, shape), scalar);
    });
    // pcg_shuffled(h, n): arange(n) after Generator.shuffle's swaps (x[i] <-> x[interval(i)],
    // i from n-1 down to 1); shuffling anything of length n is indexing it with this.
    def("pcg_shuffled", [](Interpreter& in, CallArgs& a) -> Value {
        auto& g = generator(in, a[0]);
        const int64_t n = in.toIndex(a[1]);
        if (n < 0) raise(types().ValueError, "negative dimensions are not allowed");
        std::vector<int64_t> v(static_cast<size_t>(n));
        for (int64_t i = 0; i < n; ++i) v[size_t(i)] = i;
        for (int64_t i = n - 1; i >= 1; --i) std::swap(v[size_t(i)], v[size_t(g.interval(uint64_t(i)))]);
        return wrapArray(Tensor::fromVector(v), false);
    });
    // pcg_sample(h, pop, size, shuffle): `size` distinct values of range(pop) as Generator.choice
    // draws them without replacement: a tail shuffle for a large share of a large population,
    // else Floyd's algorithm (then shuffled unless asked not to). Its shuffles draw by Lemire's
    // method (numpy's _shuffle_int), not by masking as Generator.shuffle does.
    def("pcg_sample", [](Interpreter& in, CallArgs& a) -> Value {
        auto& g = generator(in, a[0]);
        const int64_t pop = in.toIndex(a[1]), size = in.toIndex(a[2]);
        const bool shuffle = in.truthy(a[3]);
        std::vector<int64_t> out;
        if (pop > 10000 && size > pop / 50) {
            std::vector<int64_t> idx(static_cast<size_t>(pop));
            for (int64_t i = 0; i < pop; ++i) idx[size_t(i)] = i;
            const int64_t first = std::max<int64_t>(pop - size, 1);
            for (int64_t i = pop - 1; i >= first; --i) std::swap(idx[size_t(i)], idx[size_t(g.bounded(uint64_t(i)))]);
            out.assign(idx.end() - size, idx.end());
        } else {
            std::unordered_set<int64_t> taken;
            out.reserve(size_t(size));
            for (int64_t j = pop - size; j < pop; ++j) {
                const int64_t val = int64_t(g.bounded(uint64_t(j)));
                const int64_t pick = taken.insert(val).second ? val : j;
                if (pick == j) taken.insert(j);
                out.push_back(pick);
            }
            if (shuffle)
                for (int64_t i = size - 1; i >= 1; --i) std::swap(out[size_t(i)], out[size_t(g.bounded(uint64_t(i)))]);
        }
        return wrapArray(Tensor::fromVector(out), false);
    });
}

} // namespace graphlens::eager
