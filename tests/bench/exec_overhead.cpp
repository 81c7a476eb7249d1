// Per-call overhead of the graph executor: a compiled tf.function `x + 1.0` on a float scalar
// (recorded from TF 2.21 in tests/exec/data/add_one.pb), against calling the AddV2 kernel
// directly through ops::execute. Then a wide graph (independent branches of MatMul + Tanh) run in
// plan order and on the inter-op pool, and its allocations per call with and without buffer
// reuse. Prints figures; not a timed test.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "core/exec/executor.h"
#include "core/graph/io/model_loader.h"
#include "core/ops/execute.h"
#include "core/tensor/device.h"
#include "core/util/thread_pool.h"
#include "tests/exec/wide_graph.h"

using graphlens::tensor::Tensor;

namespace {

template<class F> double nsPerCall(F&& f, int calls) {
    for (int i = 0; i < calls / 10; ++i) f(); // warm up
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < calls; ++i) f();
    const auto end = std::chrono::steady_clock::now();
    return std::chrono::duration<double, std::nano>(end - start).count() / calls;
}

// The best of `repeats` timings of `calls` calls: others share this machine.
template<class F> double bestMsPerCall(F&& f, int calls, int repeats) {
    f(); // warm: costs measured, buffers pooled
    double best = 1e300;
    for (int r = 0; r < repeats; ++r) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < calls; ++i) f();
        best = std::min(
            best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() / calls);
    }
    return best;
}

Tensor matrix(int n) {
    std::vector<float> v(static_cast<size_t>(n) * static_cast<size_t>(n));
    for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>((i * 37) % 101) / 101.0f * 0.1f - 0.05f;
    return Tensor::fromVector(v, graphlens::tensor::TensorShape{ n, n });
}

int wideGraph(bool smoke) {
    exectest::WideGraph wide;
    wide.branches = 8;
    wide.depth = 3;
    const int n = smoke ? 32 : 192;
    const auto exe = wide.compile();
    const std::vector<Tensor> args{ matrix(n), matrix(n) };
    graphlens::exec::RunOptions sequential, parallel;
    sequential.interOpThreads = 1;
    const auto expected = exe->run(args, sequential);
    const auto got = exe->run(args, parallel);
    for (size_t i = 0; i < got.size(); ++i)
        if (std::memcmp(got[i].rawData(), expected[i].rawData(), got[i].totalBytes()) != 0) {
            std::fprintf(stderr, "the wide graph's parallel result differs from the sequential one\n");
            return 1;
        }
    const int calls = smoke ? 2 : 20, repeats = smoke ? 1 : 5;
    const double seq = bestMsPerCall([&] { exe->run(args, sequential); }, calls, repeats);
    const double par = bestMsPerCall([&] { exe->run(args, parallel); }, calls, repeats);
    std::printf("wide graph, %d branches x %d MatMul+Tanh of %dx%d (%zu steps), inter-op pool of %d threads:\n",
                wide.branches, wide.depth, n, n, exe->numSteps(), graphlens::util::interOpPool().numWorkers() + 1);
    std::printf("  sequential (interOpThreads 1): %8.3f ms/call\n", seq);
    std::printf("  parallel (inter-op pool):      %8.3f ms/call   speed-up %.2fx\n", par, seq / par);

    auto* allocator = graphlens::tensor::cpuDevice()->allocator();
    for (const bool recycle : { false, true }) {
        graphlens::exec::RunOptions options = parallel;
        options.recycleBuffers = recycle;
        exe->run(args, options);
        const auto before = allocator->stats();
        constexpr int kCalls = 10;
        for (int i = 0; i < kCalls; ++i) exe->run(args, options);
        const auto after = allocator->stats();
        std::printf("  buffer reuse %-3s: %6.1f allocations, %9.0f bytes per call\n", recycle ? "on" : "off",
                    static_cast<double>(after.numAllocs - before.numAllocs) / kCalls,
                    static_cast<double>(after.totalBytes - before.totalBytes) / kCalls);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    const bool smoke = argc > 1 && std::strcmp(argv[1], "--smoke") == 0;
    const int calls = smoke ? 1000 : 1000000;
    auto model = graphlens::io::loadModel(GRAPHLENS_SOURCE_DIR "/tests/exec/data/add_one.pb");
    const auto& mg = model->metaGraphs.at(0);
    std::string function;
    for (const auto& f : mg.library.functions())
        if (f.name.starts_with("__inference_add_one")) function = f.name;
    auto exe = graphlens::exec::Executable::compileFunction(mg.library, function);
    const std::vector<Tensor> args{ Tensor::scalar(41.0f) };
    const auto out = exe->run(args);
    if (out.size() != 1 || out[0].item<float>() != 42.0f) {
        std::fprintf(stderr, "add_one gave the wrong result\n");
        return 1;
    }
    volatile float sink = 0;
    const double call = nsPerCall([&] { sink = exe->run(args)[0].item<float>(); }, calls);
    const auto addV2 = graphlens::ops::lookupOp("AddV2");
    const Tensor one = Tensor::scalar(1.0f);
    const double kernel = nsPerCall(
        [&] {
            sink = graphlens::ops::execute(addV2, { args[0], one })[0].item<float>();
        },
        calls);
    std::printf("executor call of x + 1.0 (%zu steps): %.0f ns/call\n", exe->numSteps(), call);
    std::printf("ops::execute(AddV2) alone:             %.0f ns/call\n", kernel);
    std::printf("executor overhead:                     %.0f ns/call\n", call - kernel);
    return wideGraph(smoke);
}
